/**
 * The image picker: a dialog of the library's images with thumbnails and a search, where an image
 * can also be uploaded into the library (and then picked), and, where the field allows it, an https
 * address of an image elsewhere. It hands back the picked image's address with its alternative text
 * and focal point, which an image block placed from it takes. Also the list the Files screen and the
 * picker share: read with a debounced search, read again every 2 s while a file is processing.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { filesAnswer, pickedImage, type LibraryFile, type PickedImage, type Storage } from '../../contracts/files';
import { editing } from '../../messages/editing';
import { filesScreen as words } from '../../messages/files-screen';
import { format } from '../../messages/format';
import { Popup } from '../../ui/dialogs/popup';
import { call } from './api';
import { errorText } from './ui';
import { DropZone, UploadQueue, useFileDrop, useUploads } from './upload-queue';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;
/** How often the list is read again while a file is still being processed. */
export const PROCESSING_POLL_MS = 2000;

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The library's files matching `search` (already debounced): undefined until the first answer.
 * An answer to an older search never replaces a newer one's. While any file is processing, the list
 * is read again every PROCESSING_POLL_MS, and no more once none is.
 */
export function useLibraryFiles(search: string) {
  const [files, setFiles] = useState<LibraryFile[]>();
  const [storage, setStorage] = useState<Storage>();
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);
  const load = useCallback(() => {
    const n = ++asked.current;
    const query = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
    return call(filesAnswer, 'GET', `/api/config/files${query}`).then(
      (res) => {
        if (n !== asked.current) return;
        setFiles(res.files);
        setStorage(res.storage);
        setError(null);
      },
      (err: unknown) => {
        if (n === asked.current) setError(errorText(err));
      },
    );
  }, [search]);
  useEffect(() => {
    void load();
  }, [load]);
  const processing = files?.some((f) => f.status === 'processing') ?? false;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void load(), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, load]);
  return { files, setFiles, storage, error, reload: load };
}

/** A file's thumbnail: the pipeline's 300-pixel copy (the original until it exists). */
export const thumbnailOf = (file: LibraryFile) => `${file.src}?format=300w`;

export const dimensionsOf = (file: LibraryFile) => (file.width && file.height ? format(words.dimensions, { width: file.width, height: file.height }) : '');

/**
 * The images ticked after a click on the one at `at` of `list`: it toggles, and with Shift the run
 * from the last one clicked (`anchor`) takes the clicked one's new state, as file managers do.
 */
export function tickedAfterClick<T extends { id: string }>(
  ticked: readonly T[],
  list: readonly T[],
  at: number,
  anchor: number | undefined,
  range: boolean,
): T[] {
  const on = !ticked.some((t) => t.id === list[at]!.id);
  const run = range && anchor !== undefined && list[anchor] !== undefined ? list.slice(Math.min(anchor, at), Math.max(anchor, at) + 1) : [list[at]!];
  const rest = ticked.filter((t) => !run.some((r) => r.id === t.id));
  // Kept in the order the owner ticked them, the run in the list's order.
  return on ? [...rest, ...run] : rest;
}

/**
 * The dialog. `allowAddress`: the field also takes an https address (the editor's image blocks);
 * `onPick` gets the choice, then the dialog closes and `onDone` runs. With `onPickMany`, each image
 * has a checkbox (Shift-click ticks a run of them, images uploaded here come ticked) and one button
 * adds every ticked image, in the order they were ticked.
 */
export function FilePicker({
  onPick,
  onPickMany,
  onDone,
  allowAddress = false,
}: {
  onPick: (image: PickedImage) => void;
  onPickMany?: (images: PickedImage[]) => void;
  onDone: () => void;
  allowAddress?: boolean;
}) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, SEARCH_DELAY_MS);
  const { files, error, reload } = useLibraryFiles(settled);
  const [fresh, setFresh] = useState<string[]>([]);
  // Kept whole, so an image a search hides stays ticked.
  const [ticked, setTicked] = useState<LibraryFile[]>([]);
  const [anchor, setAnchor] = useState<number>();
  const uploads = useUploads((file) => {
    setFresh((f) => [...f, file.id]);
    if (onPickMany && file.kind === 'image') setTicked((t) => [...t, file]);
    void reload();
  });
  const drop = useFileDrop((chosen) => uploads.start(chosen));
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const images = files?.filter((f) => f.kind === 'image');
  const many = onPickMany !== undefined;
  return (
    <Popup
      title={many ? words.pickImages : editing.pickImage}
      role="dialog"
      placement="center"
      onHide={onDone}
      text={many ? words.pickImagesHint : editing.pickImageHint}
      actions={(close) => {
        const pick = (image: PickedImage) => {
          onPick(image);
          close('confirm');
        };
        const useAddress = (event: FormEvent) => {
          event.preventDefault();
          if (!/^https:\/\/\S+$/.test(address.trim())) return setAddressError(editing.imageAddressInvalid);
          pick({ src: address.trim(), alt: '', focal: null, title: address.trim(), width: null, height: null });
        };
        return (
          <div className="image-picker file-picker" {...drop.handlers}>
            <DropZone onFiles={(chosen) => uploads.start(chosen)} over={drop.over} accept="image/*" text={words.dropImageHere} button={words.chooseImage} />
            <UploadQueue uploads={uploads} />
            <div className="field">
              <label htmlFor="file-picker-search">{words.pickerSearch}</label>
              <input id="file-picker-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </div>
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            {images === undefined ? (
              <p className="loading-inline" role="status">
                {words.loading}
              </p>
            ) : images.length === 0 ? (
              <p className="empty">{settled.trim() ? format(words.pickerNoMatch, { search: settled.trim() }) : words.pickerEmpty}</p>
            ) : (
              <ul className="image-picker-list">
                {images.map((f, i) => (
                  <li key={f.id}>
                    {many ? (
                      <label className={`image-picker-item image-picker-item--check${fresh.includes(f.id) ? ' image-picker-item--fresh' : ''}`}>
                        <input
                          type="checkbox"
                          checked={ticked.some((t) => t.id === f.id)}
                          aria-label={dimensionsOf(f) ? format(words.pickImageNamed, { title: f.title, details: dimensionsOf(f) }) : f.title}
                          // A click (or Space) toggles; the change event cannot tell whether Shift was held, the click can.
                          onClick={(e) => {
                            setTicked((t) => tickedAfterClick(t, images, i, anchor, e.shiftKey));
                            setAnchor(i);
                          }}
                          onChange={() => undefined}
                        />
                        <img src={thumbnailOf(f)} alt="" width={120} height={90} loading="lazy" />
                        <span>{f.title}</span>
                      </label>
                    ) : (
                      <button
                        type="button"
                        className={`image-picker-item${fresh.includes(f.id) ? ' image-picker-item--fresh' : ''}`}
                        aria-label={dimensionsOf(f) ? format(words.pickImageNamed, { title: f.title, details: dimensionsOf(f) }) : f.title}
                        onClick={() => pick(pickedImage(f))}
                      >
                        <img src={thumbnailOf(f)} alt="" width={120} height={90} loading="lazy" />
                        <span>{f.title}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {allowAddress ? (
              <form className="image-picker-address" onSubmit={useAddress} noValidate>
                <label>
                  {editing.imageAddress}
                  <input type="url" value={address} onChange={(e) => setAddress(e.target.value)} aria-invalid={addressError ? true : undefined} />
                </label>
                {addressError ? <p className="form-error">{addressError}</p> : null}
                <div className="button-row">
                  <button type="button" className="op-popup__button" onClick={() => close('cancel')}>
                    {words.closeDetails}
                  </button>
                  <button type="submit" className="op-popup__button op-popup__button--primary">
                    {editing.useAddress}
                  </button>
                </div>
              </form>
            ) : (
              <div className="button-row">
                <button type="button" className="op-popup__button" onClick={() => close('cancel')}>
                  {words.closeDetails}
                </button>
                {many ? (
                  <button
                    type="button"
                    className="op-popup__button op-popup__button--primary"
                    disabled={ticked.length === 0}
                    onClick={() => {
                      onPickMany(ticked.map(pickedImage));
                      close('confirm');
                    }}
                  >
                    {ticked.length === 0 ? words.tickImages : format(words.addImages, { count: ticked.length })}
                  </button>
                ) : null}
              </div>
            )}
          </div>
        );
      }}
    />
  );
}

/** An image block's focal point when the library has none for its image: the centre. */
const CENTRE = { x: 0.5, y: 0.5 } as const;

/**
 * What an image block takes from a picked image: its address, its focal point (the centre when the
 * library has none), and its alternative text when the block's own (`currentAlt`) is empty.
 */
export function placedImage(image: PickedImage, currentAlt = ''): { src: string; focalPoint: { x: number; y: number }; alt?: string } {
  return { src: image.src, focalPoint: image.focal ?? { ...CENTRE }, ...(currentAlt.trim() === '' && image.alt ? { alt: image.alt } : {}) };
}

/** A button opening the picker: for a field that already shows its image (a block's panel, a page's social image), or, with `onPickMany`, one adding several. */
export function LibraryImageButton({
  onPick,
  onPickMany,
  label = words.fromLibrary,
  disabled = false,
}: {
  onPick: (image: PickedImage) => void;
  onPickMany?: (images: PickedImage[]) => void;
  label?: string;
  disabled?: boolean;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <button type="button" className="secondary" disabled={disabled} onClick={() => setPicking(true)}>
        {label}
      </button>
      {picking ? <FilePicker onPick={onPick} {...(onPickMany ? { onPickMany } : {})} onDone={() => setPicking(false)} /> : null}
    </>
  );
}
