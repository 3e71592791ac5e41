/**
 * The config area's one data table: a column list (header, cell, numeric or not) over rows, with
 * the first column's cells as row headers when asked, named by a caption or by the heading that
 * labels it, and marked busy while its rows load. Every list screen draws its table with it.
 */
import type { ReactNode } from 'react';

export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  className?: string;
};

export function DataTable<Row>(props: {
  columns: readonly (Column<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The first column's cells head their rows (th scope=row). */
  rowHeaders?: boolean;
  /** Read by screen readers only, unless `captionShown`. */
  caption?: ReactNode;
  captionShown?: boolean;
  labelledBy?: string;
  describedBy?: string;
  busy?: boolean;
  className?: string;
  /** Shown instead of the table when there are no rows; without it an empty table is drawn. */
  empty?: ReactNode;
}) {
  const columns = props.columns.filter((c): c is Column<Row> => !!c);
  if (props.rows.length === 0 && props.empty !== undefined) return <p className="empty">{props.empty}</p>;
  const cellClass = (c: Column<Row>) => [c.numeric ? 'numeric' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <table className={props.className} aria-labelledby={props.labelledBy} aria-describedby={props.describedBy} aria-busy={props.busy}>
      {props.caption ? <caption className={props.captionShown ? undefined : 'visually-hidden'}>{props.caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th scope="col" key={i} className={c.numeric ? 'numeric' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {columns.map((c, i) =>
              i === 0 && props.rowHeaders ? (
                <th scope="row" key={i} className={cellClass(c)}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={i} className={cellClass(c)}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
