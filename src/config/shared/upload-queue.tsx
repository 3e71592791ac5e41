/**
 * Uploads into the asset library: each file sent as the body of its own XMLHttpRequest (not fetch:
 * only XHR reports how much of a body has gone, `upload.onprogress`), three at a time, each with
 * its progress bar and a cancel button (`xhr.abort()`). A file over its kind's limit (seed 001 §9,
 * megabytes of 1,000,000 bytes) is refused here with the seed's message before a byte is sent;
 * the server checks again by what the file really is. Outcomes are announced in role="status",
 * failures in role="alert" with the server's message.
 */
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { fileAnswer, type LibraryFile } from '../../contracts/files';
import { COOKIE_NAMES, CRUMB_HEADER } from '../../domain/cookies';
import { BYTES_PER_MB, FILE_KIND_LIMITS_MB, formatFileSize, type FileKind } from '../../domain/files';
import { filesScreen as words } from '../../messages/files-screen';
import { format } from '../../messages/format';
import { strings } from '../../messages/strings';
import { LOGIN_REQUIRED_EVENT } from '../../ui/data-request';

/** How many uploads run at once; the rest wait their turn. */
const PARALLEL = 3;

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  svg: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  m4v: 'video',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  pdf: 'document',
  doc: 'document',
  docx: 'document',
  xls: 'document',
  xlsx: 'document',
  ppt: 'document',
  pptx: 'document',
  txt: 'document',
  csv: 'document',
  zip: 'document',
};

/** What the browser says a file is (its type, else its extension); undefined when it cannot tell. */
export function declaredKind(file: { name: string; type: string }): FileKind | undefined {
  const major = file.type.split('/')[0];
  if (major === 'image' || major === 'video' || major === 'audio') return major;
  if (file.type) return 'document';
  return KIND_BY_EXTENSION[file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()];
}

/**
 * The seed's too-large message when the file is over its kind's limit, checked before sending so
 * an oversized file never starts uploading. A file of no known kind gets the largest limit: the
 * server, which knows what it is, refuses it if it is over its own.
 */
export function sizeRefusal(file: { name: string; type: string; size: number }): string | undefined {
  const kind = declaredKind(file);
  const limitMb = kind ? FILE_KIND_LIMITS_MB[kind] : Math.max(...Object.values(FILE_KIND_LIMITS_MB));
  if (file.size <= limitMb * BYTES_PER_MB) return undefined;
  return format(strings.fileTooLarge, { fileName: file.name, maxSize: format(words.megabytes, { count: limitMb }) });
}

/** The limits' hint under a drop zone, from the same numbers the check uses. */
export const limitsHint = () =>
  format(words.limitsHint, {
    image: FILE_KIND_LIMITS_MB.image,
    video: FILE_KIND_LIMITS_MB.video,
    audio: FILE_KIND_LIMITS_MB.audio,
    document: FILE_KIND_LIMITS_MB.document,
  });

function crumb(): string | undefined {
  for (const pair of document.cookie.split(/; */)) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at) === COOKIE_NAMES.CRUMB) return decodeURIComponent(pair.slice(at + 1));
  }
  return undefined;
}

/** An upload that did not end with a stored file: the message to show, whether the owner stopped it, and the server's answer. */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
    readonly answer: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type Target = { method: 'POST' | 'PUT'; url: string };
export const NEW_FILE: Target = { method: 'POST', url: '/api/config/files' };
export const replaceTarget = (fileId: string): Target => ({ method: 'PUT', url: `/api/config/files/${fileId}/content` });

type Sending<T> = { promise: Promise<T>; abort: () => void };
type Progress = { onProgress: (loaded: number) => void; onSent: () => void };

/**
 * Sends `file` as the body of one request with `headers`, answering the server's JSON on success.
 * `onProgress` gets the bytes sent so far, `onSent` fires once the whole body is out (the server is
 * then checking it). A crumb refusal (seed 001 §7) takes the new crumb and sends once more, as every
 * other call does. Uploads into the library and a site archive's import both go this way.
 */
export function sendBody(file: Blob, target: Target, headers: Record<string, string>, on: Progress): Sending<Record<string, unknown>> {
  let current: XMLHttpRequest | undefined;
  let aborted = false;
  const attempt = (retried: boolean): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open(target.method, target.url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      const token = crumb();
      if (token) xhr.setRequestHeader(CRUMB_HEADER, token);
      xhr.upload.onprogress = (e) => on.onProgress(e.loaded);
      xhr.upload.onload = () => on.onSent();
      xhr.onabort = () => reject(new UploadFailure(strings.fileProcessingCancelled, true));
      // No answer at all: the connection dropped while the body was going out.
      xhr.onerror = () => reject(new UploadFailure(strings.fileUploadIncomplete));
      xhr.onload = () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(xhr.responseText) as Record<string, unknown>;
        } catch {
          /* not JSON (a proxy's page): the generic message below */
        }
        if (body.crumbFail === true && !retried && !aborted) {
          if (typeof body.crumb === 'string')
            document.cookie = `${COOKIE_NAMES.CRUMB}=${encodeURIComponent(body.crumb)}; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
          attempt(true).then(resolve, reject);
          return;
        }
        if (body.loginRequired === true) window.dispatchEvent(new CustomEvent(LOGIN_REQUIRED_EVENT, { detail: body }));
        if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
        reject(new UploadFailure(typeof body.error === 'string' && body.error ? body.error : strings.fileUploadFailed, false, body));
      };
      xhr.send(file);
    });
  return {
    promise: attempt(false),
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}

/** Sends `file` into the asset library (a new file, or a file's new bytes). */
export function sendFile(file: File, target: Target, on: Progress): Sending<LibraryFile> {
  const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) };
  if (file.type) headers['X-File-Type'] = file.type;
  const sending = sendBody(file, target, headers, on);
  return {
    abort: sending.abort,
    promise: sending.promise.then((body) => {
      const parsed = fileAnswer.safeParse(body);
      if (!parsed.success) throw new UploadFailure(strings.fileUploadFailed);
      return parsed.data.file;
    }),
  };
}

export type UploadState = 'waiting' | 'uploading' | 'checking' | 'done' | 'failed' | 'cancelled';
export type UploadItem = { key: number; name: string; size: number; loaded: number; state: UploadState; message?: string };

let nextKey = 0;

type QueueEvents = {
  update: (key: number, change: Partial<UploadItem>) => void;
  add: (items: UploadItem[]) => void;
  announce: (text: string) => void;
};

/** The uploads' bookkeeping, outside React: what waits, what is being sent, and starting the next ones. */
function makeQueue(on: QueueEvents) {
  const pending: { key: number; file: File; target: Target }[] = [];
  const running = new Map<number, Sending<LibraryFile>>();
  let stored: (file: LibraryFile) => void = () => undefined;
  function pump() {
    while (running.size < PARALLEL && pending.length > 0) {
      const { key, file, target } = pending.shift()!;
      on.update(key, { state: 'uploading' });
      const sending = sendFile(file, target, {
        onProgress: (loaded) => on.update(key, { loaded }),
        onSent: () => on.update(key, { loaded: file.size, state: 'checking' }),
      });
      running.set(key, sending);
      sending.promise
        .then(
          (answer) => {
            on.update(key, { state: 'done', loaded: file.size });
            on.announce(format(words.uploadedOne, { name: file.name }));
            stored(answer);
          },
          (err: unknown) => {
            const failure = err instanceof UploadFailure ? err : new UploadFailure(strings.fileUploadFailed);
            on.update(key, { state: failure.cancelled ? 'cancelled' : 'failed', message: failure.message });
            if (failure.cancelled) on.announce(format(words.cancelledOne, { name: file.name, reason: failure.message }));
          },
        )
        .finally(() => {
          running.delete(key);
          pump();
        });
    }
  }
  return {
    /** Who hears of each stored file (the component's latest callback). */
    onStored(listener: (file: LibraryFile) => void) {
      stored = listener;
    },
    start(files: readonly File[], target: Target) {
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = ++nextKey;
        const refused = sizeRefusal(file);
        added.push({ key, name: file.name, size: file.size, loaded: 0, state: refused ? 'failed' : 'waiting', ...(refused ? { message: refused } : {}) });
        if (!refused) pending.push({ key, file, target });
      }
      on.add(added);
      const sent = added.filter((i) => i.state === 'waiting').length;
      if (sent > 0) on.announce(format(words.startedUploads, { count: sent }));
      pump();
    },
    cancel(key: number) {
      const waiting = pending.findIndex((p) => p.key === key);
      if (waiting < 0) return running.get(key)?.abort();
      const [gone] = pending.splice(waiting, 1);
      on.update(key, { state: 'cancelled', message: strings.fileProcessingCancelled });
      on.announce(format(words.cancelledOne, { name: gone!.file.name, reason: strings.fileProcessingCancelled }));
    },
    stopAll() {
      pending.length = 0;
      for (const s of running.values()) s.abort();
    },
  };
}

const isGoing = (i: UploadItem) => i.state === 'waiting' || i.state === 'uploading' || i.state === 'checking';

/**
 * A queue of uploads. `start` takes the files chosen or dropped (to the library, or replacing a
 * file); `onDone` gets each stored file (the list reloads, a picker offers it). Finished uploads
 * stay listed, with their outcome, until dismissed or until the next batch starts.
 */
export function useUploads(onDone: (file: LibraryFile) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [queue] = useState(() =>
    makeQueue({
      update: (key, change) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))),
      // The last batch's finished rows make way; ones still going stay.
      add: (added) => setItems((list) => [...list.filter(isGoing), ...added]),
      announce: setAnnouncement,
    }),
  );
  useEffect(() => queue.onStored(onDone), [queue, onDone]);
  // Leaving the screen stops what is still going: the server keeps nothing half-sent.
  useEffect(() => () => queue.stopAll(), [queue]);
  const start = useCallback((files: readonly File[], target: Target = NEW_FILE) => files.length > 0 && queue.start(files, target), [queue]);
  const cancel = useCallback((key: number) => queue.cancel(key), [queue]);
  const dismiss = useCallback((key: number) => setItems((list) => list.filter((i) => i.key !== key)), []);
  return { items, announcement, busy: items.some(isGoing), start, cancel, dismiss };
}

export type Uploads = ReturnType<typeof useUploads>;

function stateText(item: UploadItem): string {
  switch (item.state) {
    case 'waiting':
      return words.waiting;
    case 'uploading':
      return format(words.uploading, { percent: item.size > 0 ? Math.floor((item.loaded / item.size) * 100) : 0 });
    case 'checking':
      return words.checking;
    case 'done':
      return words.uploaded;
    default:
      return item.message ?? '';
  }
}

/** The uploads under way and their outcomes, one row each, with the announcer for all of them. */
export function UploadQueue({ uploads }: { uploads: Uploads }) {
  const { items, announcement, cancel, dismiss } = uploads;
  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {items.length > 0 ? (
        <ul className="upload-queue" aria-label={words.uploadsLabel}>
          {items.map((item) => {
            const going = isGoing(item);
            return (
              <li key={item.key} className={`upload-item upload-item--${item.state}`}>
                <span className="upload-name">{item.name}</span>
                <span className="upload-size">{formatFileSize(item.size)}</span>
                {item.state === 'failed' ? null : (
                  <progress
                    className="upload-progress"
                    aria-label={format(words.uploadProgress, { name: item.name })}
                    max={Math.max(item.size, 1)}
                    value={item.state === 'done' ? Math.max(item.size, 1) : item.state === 'cancelled' ? 0 : item.loaded}
                  />
                )}
                {item.state === 'failed' ? (
                  <p className="upload-state form-error" role="alert">
                    {item.message}
                  </p>
                ) : (
                  <p className="upload-state">{stateText(item)}</p>
                )}
                {going ? (
                  <button type="button" className="secondary" aria-label={format(words.cancelUpload, { name: item.name })} onClick={() => cancel(item.key)}>
                    {words.cancel}
                  </button>
                ) : (
                  <button type="button" className="secondary" aria-label={format(words.dismissUpload, { name: item.name })} onClick={() => dismiss(item.key)}>
                    {words.dismiss}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

/** Handlers that take files dragged onto an element, and whether some are over it now. */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  return {
    over,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      },
      onDragOver: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        onFiles([...e.dataTransfer.files]);
      },
    },
  };
}

/**
 * The drop zone: its words, the "Choose files" button (a real file input, labelled by the button's
 * text, so it is reachable by keyboard and by tests) and the limits' hint.
 */
export function DropZone(props: {
  onFiles: (files: File[]) => void;
  over: boolean;
  accept?: string;
  multiple?: boolean;
  text: string;
  button: string;
  children?: ReactNode;
}) {
  const { onFiles, over, accept, multiple = true, text, button, children } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={`drop-zone${over ? ' drop-zone--over' : ''}`}>
      <p className="drop-zone-text">
        {over ? words.dropNow : text}{' '}
        <button type="button" onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
          {button}
        </button>
      </p>
      <input
        ref={input}
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        tabIndex={-1}
        aria-label={button}
        multiple={multiple}
        {...(accept ? { accept } : {})}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared, so choosing the same file again is a new choice.
          e.target.value = '';
          onFiles(files);
        }}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {limitsHint()}
      </p>
      {children}
    </div>
  );
}
