/**
 * The gallery block's part of the editor's settings panel, above its fields: a button adding an
 * image from the library (with the library's alternative text and focal point), and what the owner
 * must know before publishing: images whose site file is gone (the page leaves them out) and images
 * without alternative text.
 */
import { useState } from 'react';
import { missingImages } from '../../blocks/gallery/view';
import type { GalleryImage } from '../../blocks/gallery/schema';
import { format } from '../../messages/format';
import { galleryBlock as words } from '../../messages/gallery-block';
import { LibraryImageButton } from '../file-picker';

type Data = Readonly<Record<string, unknown>>;

export function GalleryPanel({ data, files, writable, onChange }: { data: Data; files: ReadonlyMap<string, unknown>; writable: boolean; onChange: (next: Record<string, unknown>) => void }) {
  // Files uploaded and picked since the editor opened are not in the canvas's list yet.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const images = Array.isArray(data.images) ? (data.images as GalleryImage[]) : [];
  const known = new Map([...files, ...[...picked].map((name) => [name, true] as const)]);
  const missing = missingImages({ images: images.filter((i) => typeof i.src === 'string') }, known);
  const withoutAlt = images.flatMap((image, i) => (typeof image.alt === 'string' && image.alt.trim() === '' && image.src ? [String(i + 1)] : []));
  return (
    <div className="editor-gallery">
      {writable ? (
        <p className="editor-library-image">
          <LibraryImageButton
            label={words.addFromLibrary}
            onPick={(image) => {
              if (image.src.startsWith('/s/')) setPicked((p) => new Set([...p, image.src.slice(3)]));
              const added: GalleryImage = { src: image.src, alt: image.alt, ...(image.focal ? { focalPoint: image.focal } : {}) };
              onChange({ ...data, images: [...images, added] });
            }}
          />
        </p>
      ) : null}
      {images.length === 0 ? <p className="hint">{words.empty}</p> : null}
      {missing.length > 0 ? (
        <p className="form-error" role="alert">
          {format(words.missingImages, { names: missing.join(', ') })}
        </p>
      ) : null}
      {withoutAlt.length > 0 ? (
        <p className="hint" role="status">
          {format(words.missingAlt, { positions: withoutAlt.join(', ') })}
        </p>
      ) : null}
    </div>
  );
}
