/**
 * The Products screen's CSV tools (src/contracts/catalogue.ts): "Export CSV" downloads a shop's
 * products in Shopify's or Squarespace's columns through a plain link (the session cookie goes with
 * it, as the forms' submissions export does); "Import CSV", for roles that may write, sends the
 * chosen file's text as the body of one request (the shared upload, with its progress and its
 * crumb), then says how many products were added and updated, lists the refused rows (nothing was
 * imported) or the rows imported with a warning, and has the list reloaded.
 */
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { productImportAnswer, STORE_API, type ShopRow } from '../../contracts/catalogue';
import { format } from '../../messages/format';
import { storeCsv as csv } from '../../messages/store-csv';
import { Field } from '../../ui/field';
import { sendBody, UploadFailure } from '../shared/upload-queue';
import { errorText } from '../shared/ui';
import { ShopChoice } from './store-parts';
import { words } from './words';

const COLUMNS = [
  { value: 'shopify', label: csv.columnsShopify },
  { value: 'squarespace', label: csv.columnsSquarespace },
] as const;

const refusedAnswer = productImportAnswer.extend({ error: z.string() });

type RowNote = { row: number; message: string };
type Outcome = { kind: 'done'; imported: number; updated: number; warnings: RowNote[] } | { kind: 'refused'; error: string; rows: RowNote[] };
type Sending = { name: string; size: number; sent: number };

export function ExportCsv({ shops, onClose }: { shops: ShopRow[]; onClose: () => void }) {
  const [columns, setColumns] = useState<(typeof COLUMNS)[number]['value']>('shopify');
  const [shopId, setShop] = useState(shops[0]!.id);
  const href = `${STORE_API.PRODUCTS_CSV}?${new URLSearchParams({ columns, shop: shopId }).toString()}`;
  return (
    <section className="store-card store-csv" aria-labelledby="store-export-csv">
      <h2 id="store-export-csv">{csv.exportTitle}</h2>
      <p className="hint">{csv.exportHint}</p>
      <ShopChoice shops={shops} value={shopId} onChange={setShop} />
      <fieldset className="store-type-choice">
        <legend>{csv.columns}</legend>
        {COLUMNS.map((c) => (
          <label key={c.value} className="check">
            <input type="radio" name="csv-columns" value={c.value} checked={columns === c.value} onChange={() => setColumns(c.value)} />
            {c.label}
          </label>
        ))}
      </fieldset>
      <div className="button-row">
        <a className="button" href={href} download>
          {csv.download}
        </a>
        <button type="button" className="secondary" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </section>
  );
}

function RowList({ label, rows }: { label: string; rows: RowNote[] }) {
  return (
    <>
      <h3 className="store-csv-rows-title">{label}</h3>
      <ul className="store-csv-rows" aria-label={label}>
        {rows.map((r, i) => (
          <li key={`${r.row}-${i}`}>
            <strong>{format(csv.row, { row: r.row })}</strong> <span>{r.message}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'refused')
    return (
      <div className="store-csv-outcome">
        <p className="form-error" role="alert">
          {outcome.error}
        </p>
        {outcome.rows.length > 0 ? <RowList label={csv.refusedRows} rows={outcome.rows} /> : null}
      </div>
    );
  return (
    <div className="store-csv-outcome">
      <p className="form-done" role="status">
        {format(csv.imported, { imported: outcome.imported, updated: outcome.updated })}
      </p>
      {outcome.warnings.length > 0 ? <RowList label={csv.warnings} rows={outcome.warnings} /> : null}
    </div>
  );
}

/** What a failed import says: the refused rows when the server named them, else its message. */
function refusalOf(err: unknown): Outcome {
  const parsed = err instanceof UploadFailure ? refusedAnswer.safeParse(err.answer) : undefined;
  if (parsed?.success) return { kind: 'refused', error: parsed.data.error, rows: parsed.data.errors };
  return { kind: 'refused', error: errorText(err), rows: [] };
}

export function ImportCsv({ shops, onImported, onClose }: { shops: ShopRow[]; onImported: () => void; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [shopId, setShop] = useState(shops[0]!.id);
  const [sending, setSending] = useState<Sending | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || sending) return;
    setOutcome(null);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ kind: 'refused', error: csv.readFailed, rows: [] });
      return;
    }
    const body = new Blob([text], { type: 'text/csv' });
    setSending({ name: file.name, size: body.size, sent: 0 });
    const url = `${STORE_API.PRODUCTS_IMPORT}?${new URLSearchParams({ shop: shopId }).toString()}`;
    const upload = sendBody(
      body,
      { method: 'POST', url },
      { 'Content-Type': 'text/csv' },
      {
        onProgress: (sent) => setSending((s) => s && { ...s, sent }),
        onSent: () => setSending((s) => s && { ...s, sent: s.size }),
      },
    );
    try {
      const answer = productImportAnswer.parse(await upload.promise);
      setOutcome({ kind: 'done', imported: answer.imported, updated: answer.updated, warnings: answer.errors });
      onImported();
    } catch (err) {
      setOutcome(refusalOf(err));
    } finally {
      setSending(null);
    }
  };

  return (
    <form className="store-card store-csv" aria-labelledby="store-import-csv" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="store-import-csv">{csv.importTitle}</h2>
      <p className="hint">{csv.importHint}</p>
      <ShopChoice shops={shops} value={shopId} onChange={setShop} />
      <Field label={csv.file}>
        {(c) => (
          <input
            {...c}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setOutcome(null);
            }}
          />
        )}
      </Field>
      {sending ? (
        <div className="store-csv-progress">
          <p role="status">{format(csv.importing, { name: sending.name })}</p>
          {/* Once the body is out the server is checking it: an indeterminate bar until it answers. */}
          <progress
            className="upload-progress"
            aria-label={format(csv.importing, { name: sending.name })}
            max={sending.size || 1}
            {...(sending.sent < sending.size ? { value: sending.sent } : {})}
          />
        </div>
      ) : null}
      {outcome ? <ImportOutcome outcome={outcome} /> : null}
      <div className="button-row">
        <button type="submit" disabled={!file || sending !== null}>
          {words.importButton}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </form>
  );
}
