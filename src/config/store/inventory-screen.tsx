/**
 * The Inventory screen (/config/store/inventory): every variant with its product, options, SKU and
 * stock, searched by name or SKU; a count is changed in place, either to a new number or by a
 * signed one ("+12" when a delivery comes in, "-1" for a broken mug), so sales made meanwhile are
 * kept; a variant can be made unlimited. Its "Low stock" view (?low=1) lists what is at or below
 * the store's threshold, sold out included, fewest first.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { inventoryAnswer, inventoryRow, STORE_API, type InventoryRow } from '../../contracts/catalogue';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { useDebounced } from '../shared/file-picker';
import { errorText, Messages } from '../shared/ui';
import { go, STORE_ADDRESSES, usePathname } from './store-nav';
import './store.css';

const rowAnswer = z.object({ row: inventoryRow });

const STATE_LABELS: Record<InventoryRow['state'], string> = { available: words.stateInStock, low: words.stateLow, soldOut: words.soldOut };

const lowView = () => new URLSearchParams(window.location.search).get('low') === '1';

export function InventoryScreen({ writable }: { writable: boolean }) {
  usePathname();
  const low = lowView();
  const [q, setQ] = useState('');
  const search = useDebounced(q, 300);
  const url = useMemo(() => {
    const params = new URLSearchParams();
    if (search.trim()) params.set('q', search.trim());
    if (low) params.set('low', '1');
    const text = params.toString();
    return text ? `${STORE_API.INVENTORY}?${text}` : STORE_API.INVENTORY;
  }, [search, low]);
  const [data, setData] = useState<{ lowStockThreshold: number; rows: InventoryRow[] }>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    call(inventoryAnswer, 'GET', url).then(
      (a) => current && (setData(a), setError(null)),
      (err: unknown) => current && setError(errorText(err)),
    );
    return () => {
      current = false;
    };
  }, [url]);
  const replace = (row: InventoryRow) => setData((d) => d && { ...d, rows: d.rows.map((r) => (r.variantId === row.variantId ? row : r)) });
  const view = (toLow: boolean) => (e: React.MouseEvent) => {
    e.preventDefault();
    setData(undefined);
    go(toLow ? `${STORE_ADDRESSES.inventory}?low=1` : STORE_ADDRESSES.inventory);
  };
  return (
    <section className="store-screen" aria-labelledby="store-inventory-title">
      <h1 id="store-inventory-title">{words.inventoryTitle}</h1>
      <nav className="store-views" aria-label={words.inventoryViews}>
        <a href={STORE_ADDRESSES.inventory} aria-current={low ? undefined : 'page'} onClick={view(false)}>
          {words.allVariants}
        </a>
        <a href={`${STORE_ADDRESSES.inventory}?low=1`} aria-current={low ? 'page' : undefined} onClick={view(true)}>
          {words.lowStock}
        </a>
      </nav>
      {data ? <p className="hint">{low ? format(words.lowStockHint, { threshold: data.lowStockThreshold }) : words.inventoryHint}</p> : null}
      <form className="store-filters" role="search" aria-label={words.inventorySearch} onSubmit={(e) => e.preventDefault()}>
        <Field label={words.search} hint={words.inventorySearchHint}>
          {(c) => <input {...c} type="search" value={q} onChange={(e) => setQ(e.target.value)} />}
        </Field>
      </form>
      <Messages error={error} done={done} />
      <DataTable
        className="store-table store-inventory"
        rows={data?.rows ?? []}
        rowKey={(r) => r.variantId}
        rowHeaders
        caption={low ? words.lowStock : words.inventoryTitle}
        busy={!data}
        empty={data ? (low ? words.noLowStock : words.noVariants) : undefined}
        columns={[
          {
            header: words.product,
            className: 'store-name-cell',
            cell: (r) => (
              <>
                <span className="store-inv-name">{r.productName}</span>
                {r.options ? <span className="store-sub">{r.options}</span> : null}
              </>
            ),
          },
          { header: words.sku, className: 'store-sku', cell: (r) => r.sku },
          { header: words.state, cell: (r) => <span className={`store-stock-state store-stock-${r.state}`}>{STATE_LABELS[r.state]}</span> },
          {
            header: words.stock,
            className: 'store-stock-cell',
            cell: (r) => <StockEditor row={r} writable={writable} onSaved={(row, message) => (replace(row), setDone(message))} onError={setError} />,
          },
        ]}
      />
    </section>
  );
}

/** What the owner typed: a new count, a signed change (+3, −2), or nothing usable. */
function readCount(text: string): { set: number } | { adjust: number } | null {
  const t = text.trim().replace('\u2212', '-');
  if (/^[+-]\d{1,9}$/.test(t)) return { adjust: Number(t) };
  if (/^\d{1,9}$/.test(t)) return { set: Number(t) };
  return null;
}

function StockEditor({
  row,
  writable,
  onSaved,
  onError,
}: {
  row: InventoryRow;
  writable: boolean;
  onSaved: (row: InventoryRow, message: string) => void;
  onError: (error: string | null) => void;
}) {
  const [text, setText] = useState(String(row.qtyInStock));
  const [busy, setBusy] = useState(false);
  // The box shows the owner's choice at once; the row's own state once the server has answered.
  const [unlimited, setUnlimited] = useState<boolean | null>(null);
  // A count saved (or changed by a sale and read again) shows as it now is.
  const [shown, setShown] = useState(row.qtyInStock);
  if (shown !== row.qtyInStock) {
    setShown(row.qtyInStock);
    setText(String(row.qtyInStock));
  }
  const name = row.options ? `${row.productName} (${row.options})` : row.productName;
  const send = (body: Record<string, unknown>) => {
    setBusy(true);
    onError(null);
    call(rowAnswer, 'PATCH', `${STORE_API.INVENTORY}/${row.variantId}`, body)
      .then(
        ({ row: saved }) =>
          onSaved(saved, saved.unlimited ? format(words.stockUnlimitedSaved, { name }) : format(words.stockSaved, { name, count: saved.qtyInStock })),
        (err: unknown) => onError(errorText(err)),
      )
      .finally(() => {
        setBusy(false);
        setUnlimited(null);
      });
  };
  const parsed = readCount(text);
  const changed = parsed !== null && !('set' in parsed && parsed.set === row.qtyInStock);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed && changed) send(parsed);
  };
  if (!writable) return <span>{row.unlimited ? words.unlimited : row.qtyInStock}</span>;
  return (
    <form className="store-stock-form" onSubmit={submit} noValidate>
      {row.unlimited ? (
        <span className="store-unlimited">{words.unlimited}</span>
      ) : (
        <>
          <label className="visually-hidden" htmlFor={`stock-${row.variantId}`}>
            {format(words.stockOf, { name })}
          </label>
          <input
            id={`stock-${row.variantId}`}
            className="store-stock-input"
            inputMode="numeric"
            value={text}
            aria-invalid={parsed === null ? true : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="secondary" disabled={busy || !changed} aria-label={format(words.saveStockOf, { name })}>
            {words.saveStock}
          </button>
        </>
      )}
      <label className="check store-unlimited-toggle">
        <input
          type="checkbox"
          checked={unlimited ?? row.unlimited}
          disabled={busy}
          onChange={(e) => {
            setUnlimited(e.target.checked);
            send({ unlimited: e.target.checked });
          }}
          aria-label={format(words.unlimitedOf, { name })}
        />
        <span aria-hidden="true">{words.unlimited}</span>
      </label>
    </form>
  );
}
