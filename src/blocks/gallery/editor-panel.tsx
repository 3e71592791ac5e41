/**
 * The gallery block's part of the editor's settings panel, above its fields: a button adding
 * images from the library, several at once (each with the library's alternative text and focal
 * point; the editor gives the button), a field adding a video by its address (checked here against
 * the providers the server looks up at save time), and what the owner must know before publishing:
 * images whose site file is gone (the page leaves them out), video addresses of no known provider,
 * and images without alternative text. Imports nothing of the config area.
 */
import { useId, useState, type ComponentType } from 'react';
import { unrecognisedVideos } from '../../domain/gallery-video';
import { recogniseVideo } from '../../domain/video';
import { blocks } from '../../messages/blocks';
import { missingImages } from './view';
import type { GalleryImage } from './schema';
import { format } from '../../messages/format';
import { galleryBlock as words } from '../../messages/gallery-block';
import { Field } from '../../ui/field';

type Data = Readonly<Record<string, unknown>>;

/** What the library's picker hands back for an image: its address, its alternative text and focal point. */
export type PickedLibraryImage = { src: string; alt: string; focal: { x: number; y: number } | null };

/** The config area's library button (its picker, uploads and calls), given by the editor so this folder needs none of it. */
export type LibraryButton = ComponentType<{
  label: string;
  onPick: (image: PickedLibraryImage) => void;
  onPickMany: (images: PickedLibraryImage[]) => void;
}>;

export function GalleryPanel({
  data,
  files,
  writable,
  onChange,
  LibraryImageButton,
}: {
  data: Data;
  files: ReadonlyMap<string, unknown>;
  writable: boolean;
  onChange: (next: Record<string, unknown>) => void;
  LibraryImageButton: LibraryButton;
}) {
  // Files uploaded and picked since the editor opened are not in the canvas's list yet.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | undefined>();
  const videoId = useId();
  const images = Array.isArray(data.images) ? (data.images as GalleryImage[]) : [];
  const known = new Map([...files, ...[...picked].map((name) => [name, true] as const)]);
  const missing = missingImages({ images: images.filter((i) => typeof i.src === 'string') }, known);
  // A video's poster is described by its play button, so only images need alternative text.
  const withoutAlt = images.flatMap((image, i) =>
    typeof image.alt === 'string' && image.alt.trim() === '' && image.src && !image.video && !image.videoFile ? [String(i + 1)] : [],
  );
  const badVideos = unrecognisedVideos(images.filter((i) => typeof i.src === 'string'));
  const addVideo = () => {
    const url = address.trim();
    if (!recogniseVideo(url)) {
      setAddressError(blocks.videoInvalidEmbed);
      setAdded(undefined);
      return;
    }
    onChange({ ...data, images: [...images, { src: '', alt: '', video: url }] });
    setAddress('');
    setAddressError(undefined);
    setAdded(format(words.videoAdded, { position: images.length + 1 }));
  };
  const addImages = (chosen: readonly PickedLibraryImage[]) => {
    const names = chosen.flatMap((image) => (image.src.startsWith('/s/') ? [image.src.slice(3)] : []));
    setPicked((p) => new Set([...p, ...names]));
    const more: GalleryImage[] = chosen.map((image) => ({ src: image.src, alt: image.alt, ...(image.focal ? { focalPoint: image.focal } : {}) }));
    onChange({ ...data, images: [...images, ...more] });
    setAdded(format(words.imagesAdded, { count: more.length }));
  };
  return (
    <div className="editor-gallery">
      {writable ? (
        <p className="editor-library-image">
          <LibraryImageButton label={words.addFromLibrary} onPick={(image) => addImages([image])} onPickMany={addImages} />
        </p>
      ) : null}
      {writable ? (
        <div className="editor-gallery-video">
          <Field id={videoId} label={words.videoAddress} hint={words.videoAddressHint} error={addressError} alert>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addVideo();
                  }
                }}
              />
            )}
          </Field>
          <button type="button" className="secondary" onClick={addVideo} disabled={address.trim() === ''}>
            {words.addVideo}
          </button>
          <p role="status" className="hint">
            {added ?? ''}
          </p>
        </div>
      ) : null}
      {images.length === 0 ? <p className="hint">{words.empty}</p> : null}
      {missing.length > 0 ? (
        <p className="form-error" role="alert">
          {format(words.missingImages, { names: missing.join(', ') })}
        </p>
      ) : null}
      {badVideos.length > 0 ? (
        <p className="form-error" role="alert">
          {format(words.invalidVideos, { positions: badVideos.join(', ') })}
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
