/**
 * What every part of the analytics report is made of: the number and date formats, a part with its
 * heading and CSV download, a table named by that heading, and a headline figure.
 */
import { useId, type ReactNode } from 'react';
import type { ReportTable } from '../../domain/analytics-report';
import type { ReportRange } from '../../contracts/analytics';
import { DataTable } from '../shared/data-table';

export const count = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export const dayText = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
export const share = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');
export const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;
export const pageName = (path: string | null) => (path === null ? 'All pages' : path === '' ? '(no page named)' : path);
export const rangeQuery = (r: ReportRange) => `?from=${r.from}&to=${r.to}`;

export function CsvLink({ table, what, range }: { table: ReportTable; what: string; range: ReportRange }) {
  return (
    <a className="button secondary" href={`/api/config/analytics/csv/${table}${rangeQuery(range)}`} download>
      Download CSV<span className="visually-hidden"> of {what}</span>
    </a>
  );
}

/** A part of the report: its heading, its CSV file, and what it shows (`children` gets the heading's id, to name a table by). */
export function Part({
  title,
  table,
  range,
  children,
}: {
  title: string;
  table?: ReportTable;
  range: ReportRange;
  children: (headingId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <section className="report-part" aria-labelledby={id}>
      <div className="part-head">
        <h2 id={id}>{title}</h2>
        {table ? <CsvLink table={table} what={title.toLowerCase()} range={range} /> : null}
      </div>
      {children(id)}
    </section>
  );
}

export type Column = { label: ReactNode; numeric?: boolean };

/** A table of the report, named by its part's heading; the first cell of each row heads it. */
export function Table({
  labelledBy,
  columns,
  rows,
  empty = '',
}: {
  labelledBy: string;
  columns: Column[];
  rows: { key: string; cells: ReactNode[] }[];
  empty?: string;
}) {
  return (
    <DataTable
      labelledBy={labelledBy}
      rowHeaders
      rows={rows}
      rowKey={(r) => r.key}
      empty={empty}
      columns={columns.map((c, i) => ({ header: c.label, numeric: c.numeric, cell: (r: { cells: ReactNode[] }) => r.cells[i] }))}
    />
  );
}

/** A headline figure as it reads: its value large, then what it is. */
export function Figure({ value, label }: { value: string; label: string }) {
  return (
    <li>
      <span className="stat-value">{value}</span> <span className="stat-label">{label}</span>
    </li>
  );
}

export function Stat({ value, one, many }: { value: number; one: string; many: string }) {
  return <Figure value={count.format(value)} label={value === 1 ? one : many} />;
}
