/**
 * The Files screen: the site's asset library, with the space its files take of the site's share
 * (a meter, "12.3 MB of 2000 MB used"). Every file with its thumbnail (an image's 300-pixel
 * copy, an icon for the other kinds), name, size, dimensions, whether it is still being processed
 * (and, once the copies pages show first exist, that AVIF and more sizes are still coming) and how
 * many pages use it; a search; uploads by drag and drop or "Choose files", several at once,
 * each with its progress and a cancel. A file's details: its name, an image's alternative text and
 * focal point (clicked on the preview, or moved with the arrow keys), the pages using it, its bytes
 * replaced at the same address, and deleting it after a confirmation (refused while it is used).
 * Loaded as a chunk of its own when first opened.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fileAnswer, fileUsesAnswer, deletedAnswer, type FileUse, type LibraryFile, type Storage } from '../../contracts/files';
import { formatMegabytes } from '../../domain/files';
import { editing } from '../../messages/editing';
import { filesScreen as words } from '../../messages/files-screen';
import { format } from '../../messages/format';
import { strings } from '../../messages/strings';
import { Popup } from '../../ui/dialogs/popup';
import { FocalPicker } from '../../ui/focal-picker';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { dimensionsOf, thumbnailOf, useDebounced, useLibraryFiles } from '../shared/file-picker';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages, useDoneAfterReload } from '../shared/ui';
import { DropZone, replaceTarget, UploadQueue, useFileDrop, useUploads } from '../shared/upload-queue';
import './files.css';

const SEARCH_DELAY_MS = 300;

const KIND_LABELS: Record<LibraryFile['kind'], string> = {
  image: words.kindImage,
  video: words.kindVideo,
  audio: words.kindAudio,
  document: words.kindDocument,
};

export function FilesScreen({ writable }: { writable: boolean }) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, SEARCH_DELAY_MS);
  const { files, setFiles, storage, error, reload } = useLibraryFiles(settled);
  const [openId, setOpenId] = useState<string>();
  const { done, sayAfterReload } = useDoneAfterReload(reload);
  const uploads = useUploads(() => void reload());
  const drop = useFileDrop((chosen) => {
    if (writable) uploads.start(chosen);
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const open = files?.find((f) => f.id === openId);
  const replaceFile = (file: LibraryFile) => setFiles((list) => list?.map((f) => (f.id === file.id ? file : f)));
  return (
    <section className="files-screen" aria-labelledby="files-title" {...(writable ? drop.handlers : {})}>
      <h1 id="files-title" ref={heading} tabIndex={-1}>
        {words.title}
      </h1>
      <p className="hint">{words.intro}</p>
      {storage ? <StorageMeter storage={storage} /> : null}
      {writable ? (
        <>
          <DropZone onFiles={(chosen) => uploads.start(chosen)} over={drop.over} text={words.dropHere} button={words.chooseFiles} />
          <UploadQueue uploads={uploads} />
        </>
      ) : null}
      <div className="files-toolbar">
        <Field id="files-search" label={words.search} hint={words.searchHint}>
          {(control) => <input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
        </Field>
        <p className="files-count" role="status">
          {files ? format(words.count, { count: files.length }) : words.loading}
        </p>
      </div>
      <Messages error={error} done={done} />
      {files && files.length === 0 ? (
        <p className="empty files-empty">{settled.trim() ? format(words.noMatch, { search: settled.trim() }) : words.empty}</p>
      ) : null}
      {files && files.length > 0 ? (
        <ul className="file-grid" aria-label={words.title}>
          {files.map((f) => (
            <FileCard key={f.id} file={f} onOpen={() => setOpenId(f.id)} />
          ))}
        </ul>
      ) : null}
      {open ? (
        <FileDetails
          key={open.id}
          file={open}
          writable={writable}
          onChanged={replaceFile}
          onClosed={(message) => {
            setOpenId(undefined);
            if (message) void sayAfterReload(message);
          }}
        />
      ) : null}
    </section>
  );
}

/** The space the site's files take, of what the server gives each site. */
function StorageMeter({ storage }: { storage: Storage }) {
  const text = format(words.storageUsed, { used: formatMegabytes(storage.used), quota: formatMegabytes(storage.quota) });
  return (
    <div className="files-storage">
      <meter
        aria-label={words.storage}
        aria-valuetext={text}
        min={0}
        max={storage.quota}
        value={storage.used}
        low={storage.quota * 0.8}
        high={storage.quota * 0.95}
        optimum={0}
      />
      <span>{text}</span>
    </div>
  );
}

function KindIcon({ kind }: { kind: LibraryFile['kind'] }) {
  // Simple shapes by kind, drawn in the text colour; the kind's name is written beside them.
  const shapes: Record<LibraryFile['kind'], string> = {
    image: 'M4 5h16v14H4z M7 16l3.5-4 2.5 3 2-2 3 3',
    video: 'M4 6h12v12H4z M16 10l4-2v8l-4-2',
    audio: 'M9 17a2 2 0 1 1-2-2h2V6l9-2v11a2 2 0 1 1-2-2h2',
    document: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 12h6 M9 15h6 M9 18h4',
  };
  return (
    <svg className="file-icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
      <path d={shapes[kind]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

function FileCard({ file, onOpen }: { file: LibraryFile; onOpen: () => void }) {
  const dims = dimensionsOf(file);
  return (
    <li className="file-card">
      <div className="file-thumb">
        {file.kind === 'image' ? (
          <img src={thumbnailOf(file)} alt="" width={300} height={225} loading="lazy" />
        ) : (
          <span className="file-thumb-kind">
            <KindIcon kind={file.kind} />
            <span>{KIND_LABELS[file.kind]}</span>
          </span>
        )}
        {file.status === 'processing' ? <span className="file-badge">{file.moreComing ? words.moreComing : words.processing}</span> : null}
        {file.status === 'failed' ? <span className="file-badge file-badge--failed">{strings.fileProcessingFailed}</span> : null}
      </div>
      <h2 className="file-title">{file.title}</h2>
      <p className="file-meta">
        {file.sizeText}
        {dims ? ` · ${dims}` : ''}
      </p>
      <p className="file-meta">{file.usedOn === 0 ? words.notUsed : format(words.usedOn, { count: file.usedOn })}</p>
      <button type="button" className="secondary" aria-label={format(words.detailsOf, { title: file.title })} onClick={onOpen}>
        {words.details}
      </button>
    </li>
  );
}

/** A file's details in a dialog; `onClosed` gets the message to show on the screen (a deletion), if any. */
function FileDetails({
  file,
  writable,
  onChanged,
  onClosed,
}: {
  file: LibraryFile;
  writable: boolean;
  onChanged: (file: LibraryFile) => void;
  onClosed: (message: string | null) => void;
}) {
  const [open, setOpen] = useState(true);
  const [title, setTitle] = useState(file.title);
  const [alt, setAlt] = useState(file.alt);
  const [focal, setFocal] = useState<{ x: number; y: number } | null>(file.focalX !== null && file.focalY !== null ? { x: file.focalX, y: file.focalY } : null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uses, setUses] = useState<FileUse[]>();
  const [closing, setClosing] = useState<string | null>(null);
  const uploads = useUploads((replaced) => {
    onChanged(replaced);
    setDone(format(words.replaced, { title: replaced.title }));
  });
  useEffect(() => {
    call(fileUsesAnswer, 'GET', `/api/config/files/${file.id}/uses`).then(
      (res) => setUses(res.uses),
      () => setUses([]),
    );
  }, [file.id]);
  const isImage = file.kind === 'image';

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setFieldErrors({});
    if (title.trim() === '') {
      setFieldErrors({ title: strings.fileNameRequired });
      return;
    }
    setBusy(true);
    const body = { title, ...(isImage ? { alt, focal } : {}) };
    call(fileAnswer, 'PUT', `/api/config/files/${file.id}`, body)
      .then(
        (res) => {
          onChanged(res.file);
          setDone(format(words.detailsSaved, { title: res.file.title }));
        },
        (err: unknown) => {
          setError(errorText(err));
          setFieldErrors(fieldErrorsOf(err));
        },
      )
      .finally(() => setBusy(false));
  };

  const remove = async () => {
    const answer = await showConfirmation({
      title: format(words.deleteTitle, { title: file.title }),
      text: format(words.deleteText, { title: file.title, src: file.src }),
      confirmLabel: words.deleteConfirm,
    });
    if (answer !== 'confirm') return;
    setError(null);
    setDone(null);
    call(deletedAnswer, 'DELETE', `/api/config/files/${file.id}`).then(
      () => {
        setClosing(format(words.deleted, { title: file.title }));
        setOpen(false);
      },
      (err: unknown) => setError(errorText(err)),
    );
  };

  const whereText = (use: FileUse) => format(words.useLine, { title: use.title, where: use.where });
  return (
    <Popup
      role="dialog"
      placement="center"
      open={open}
      title={file.title}
      onHide={() => onClosed(closing)}
      text={
        <div className="page-dialog file-dialog">
          <p className="file-meta">
            <a href={file.src} target="_blank" rel="noreferrer">
              {file.src}
            </a>{' '}
            · {file.sizeText}
            {dimensionsOf(file) ? ` · ${dimensionsOf(file)}` : ''}
            {file.status === 'processing' ? ` · ${file.moreComing ? words.moreComing : words.processing}` : ''}
          </p>
          <Messages error={error} done={done} />
          <form noValidate onSubmit={save}>
            <fieldset disabled={!writable}>
              <legend className="visually-hidden">{words.details}</legend>
              {isImage ? (
                <FocalPicker
                  id="focal-point"
                  src={`${file.src}?format=750w`}
                  width={file.width ?? undefined}
                  height={file.height ?? undefined}
                  focal={focal}
                  onChange={setFocal}
                  disabled={!writable}
                />
              ) : null}
              {isImage && focal ? (
                <p>
                  <button type="button" className="link" onClick={() => setFocal(null)}>
                    {words.focalReset}
                  </button>
                </p>
              ) : null}
              <Field id="file-title" label={words.fileName} hint={format(words.fileNameHint, { src: file.src })} error={fieldErrors.title}>
                {(control) => <input {...control} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />}
              </Field>
              {isImage ? (
                <Field id="file-alt" label={words.altText} hint={words.altHint} error={fieldErrors.alt}>
                  {(control) => <textarea {...control} rows={2} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={500} />}
                </Field>
              ) : null}
            </fieldset>
            <div className="button-row">
              <button type="button" className="secondary" onClick={() => setOpen(false)}>
                {words.closeDetails}
              </button>
              {writable ? (
                <button type="submit" disabled={busy}>
                  {busy ? editing.saving : words.saveDetails}
                </button>
              ) : null}
            </div>
          </form>
          <h3>{words.usesHeading}</h3>
          {uses === undefined ? null : uses.length === 0 ? (
            <p className="muted">{words.usesNone}</p>
          ) : (
            <ul className="file-uses">
              {uses.map((u) => (
                <li key={`${u.kind}-${u.id}-${u.where}`}>{whereText(u)}</li>
              ))}
            </ul>
          )}
          <p>
            <a href={`/api/config/files/${file.id}/original`} download={file.name}>
              {words.downloadOriginal}
            </a>
            {isImage && file.contentType !== 'image/svg+xml' ? <span className="muted"> · {words.originalHint}</span> : null}
          </p>
          {writable ? (
            <>
              <h3>{words.replaceFile}</h3>
              <DropZone
                onFiles={(chosen) => uploads.start(chosen.slice(0, 1), replaceTarget(file.id))}
                over={false}
                multiple={false}
                {...(file.kind === 'document' ? {} : { accept: `${file.kind}/*` })}
                text={words.replaceHint}
                button={words.replaceFile}
              />
              <UploadQueue uploads={uploads} />
              <p>
                <button type="button" className="secondary danger" onClick={() => void remove()}>
                  {words.deleteFile}
                </button>
              </p>
            </>
          ) : null}
        </div>
      }
    />
  );
}
