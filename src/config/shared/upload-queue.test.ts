/** The browser's checks before an upload starts, and what a placed library image gives its block. */
import { describe, expect, it } from 'vitest';
import { pickedImage } from '../../contracts/files';
import { placedImage } from './file-picker';
import { declaredKind, sizeRefusal } from './upload-queue';

describe('an upload checked in the browser', () => {
  // covers 001-9.81
  it('refuses a file over its kind’s limit with the seed’s message, counting megabytes of 1,000,000 bytes', () => {
    // 000 §5 too-large message; 001 §9 limits and BYTES_PER_MB
    expect(sizeRefusal({ name: 'photo.png', type: 'image/png', size: 20_000_000 })).toBeUndefined();
    expect(sizeRefusal({ name: 'photo.png', type: 'image/png', size: 20_000_001 })).toBe(
      'The file photo.png is too large. The maximum allowed file size is 20 MB.',
    );
    expect(sizeRefusal({ name: 'talk.mp4', type: 'video/mp4', size: 400_000_000 })).toBeUndefined();
    expect(sizeRefusal({ name: 'song.mp3', type: 'audio/mpeg', size: 100_000_001 })).toBe(
      'The file song.mp3 is too large. The maximum allowed file size is 100 MB.',
    );
    expect(sizeRefusal({ name: 'menu.pdf', type: 'application/pdf', size: 50_000_001 })).toBe(
      'The file menu.pdf is too large. The maximum allowed file size is 50 MB.',
    );
  });

  it('tells the kind by the browser’s type, else the extension, and gives an unknown kind the largest limit', () => {
    expect(declaredKind({ name: 'x.bin', type: 'image/webp' })).toBe('image');
    expect(declaredKind({ name: 'clip.MOV', type: '' })).toBe('video');
    expect(declaredKind({ name: 'notes.final', type: '' })).toBeUndefined();
    expect(sizeRefusal({ name: 'notes.final', type: '', size: 499_000_000 })).toBeUndefined();
    expect(sizeRefusal({ name: 'notes.final', type: '', size: 500_000_001 })).toMatch(/maximum allowed file size is 500 MB/);
  });
});

describe('an image placed from the library', () => {
  const file = {
    id: 'f',
    name: 'kiln.jpg',
    title: 'Kiln',
    src: '/s/kiln.jpg',
    contentType: 'image/jpeg',
    kind: 'image' as const,
    size: 1,
    sizeText: '1 Bytes',
    width: 800,
    height: 600,
    status: 'ready' as const,
    alt: 'The kiln at night',
    focalX: 0.2,
    focalY: 0.7,
    createdAt: '',
    usedOn: 0,
  };

  it('takes the file’s focal point and its alt text when the block has none', () => {
    expect(placedImage(pickedImage(file))).toEqual({ src: '/s/kiln.jpg', focalPoint: { x: 0.2, y: 0.7 }, alt: 'The kiln at night' });
    expect(placedImage(pickedImage(file), 'Our kiln')).toEqual({ src: '/s/kiln.jpg', focalPoint: { x: 0.2, y: 0.7 } });
  });

  it('is centred when the library has no focal point for it', () => {
    expect(placedImage(pickedImage({ ...file, focalX: null, focalY: null, alt: '' }))).toEqual({ src: '/s/kiln.jpg', focalPoint: { x: 0.5, y: 0.5 } });
  });
});
