/**
 * The Analytics area of the config area (issue 5, item 8): the owner's dashboard over a range of
 * site days (the last 7, 30 or 90, or any from–to): visits, unique visitors and page views with a
 * chart over the days; top pages, referrers, campaigns; devices and viewport widths as charts with
 * their tables; form views against submissions; button clicks; Core Web Vitals at the 75th
 * percentile per page, rated in words; and the latest JavaScript errors, each opening to its stack,
 * a page at a time. Every table downloads as CSV. This module and uPlot load only when the screen
 * is first opened (app.tsx), so no other screen, and no published page, pays for them.
 */
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { CAMPAIGN_FIELDS, formatVital, lastDays, REPORT_RANGE, REPORT_VITALS, type ReportTable } from '../../domain/analytics-report';
import { dashboardReport, errorsPage, type DashboardReport, type ErrorRow, type ReportRange, type VitalsRow } from '../../contracts/analytics';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { BarsChart, DaysChart, type ChartSeries } from './analytics-charts';
import { errorText, LoadMore, Messages, usePagedList } from '../shared/ui';
import { analyticsReport } from '../../messages/analytics-report';
import './analytics.css';

const count = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayText = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const share = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;
const pageName = (path: string | null) => (path === null ? 'All pages' : path === '' ? '(no page named)' : path);
const rangeQuery = (r: ReportRange) => `?from=${r.from}&to=${r.to}`;

const COLORS = { visits: '#1d5c4d', visitors: '#a14d0c', pageViews: '#2d5d99' };
const CAMPAIGN_LABELS: Record<(typeof CAMPAIGN_FIELDS)[number], string> = {
  source: 'Source',
  campaign: 'Campaign',
  subcampaign: 'Subcampaign',
  channel: 'Channel',
  subchannel: 'Subchannel',
  variation: 'Variation',
  mkwid: 'Keyword id',
};

export function AnalyticsScreen() {
  // null: the server's default range (the last 30 days up to the site's today).
  const [asked, setAsked] = useState<ReportRange | null>(null);
  const [report, setReport] = useState<DashboardReport>();
  const [today, setToday] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const choose = (range: ReportRange) => {
    setLoading(true);
    setError(null);
    setAsked(range);
  };
  useEffect(() => {
    call(dashboardReport, 'GET', `/api/config/analytics${asked ? rangeQuery(asked) : ''}`)
      .then(
        (r) => {
          setReport(r);
          if (!asked) setToday(r.range.to);
        },
        (err: unknown) => setError(errorText(err)),
      )
      .finally(() => setLoading(false));
  }, [asked]);

  return (
    <section className="analytics-screen" aria-busy={loading}>
      <h1>Analytics</h1>
      <RangePicker shown={report?.range} today={today} timeZone={report?.timeZone} loading={loading} onChoose={choose} />
      <Messages error={error} />
      {loading ? (
        <p className="loading" role="status">
          {report ? 'Loading the report for the new dates…' : 'Loading the report…'}
        </p>
      ) : null}
      {report ? <Report report={report} /> : null}
    </section>
  );
}

/* ---------- the range ---------- */

function RangePicker(props: {
  shown: ReportRange | undefined;
  today: string | undefined;
  timeZone: string | undefined;
  loading: boolean;
  onChoose: (r: ReportRange) => void;
}) {
  const { shown, today, timeZone, loading, onChoose } = props;
  const id = useId();
  return (
    <div className="report-range">
      <div role="group" aria-labelledby={`${id}-presets`} className="button-row">
        <span id={`${id}-presets`} className="visually-hidden">
          Show the last
        </span>
        {REPORT_RANGE.PRESETS.map((days) => {
          const range = today ? lastDays(today, days) : undefined;
          const current = !!range && !!shown && range.from === shown.from && range.to === shown.to;
          return (
            <button
              key={days}
              type="button"
              className={current ? undefined : 'secondary'}
              aria-pressed={current}
              disabled={!range || loading}
              onClick={() => range && onChoose(range)}
            >
              Last {days} days
            </button>
          );
        })}
      </div>
      {/* Keyed by the range shown, so its fields start from each new report's dates. */}
      <RangeForm key={shown ? rangeQuery(shown) : ''} shown={shown} today={today} loading={loading} onChoose={onChoose} />
      {shown && timeZone ? (
        <p className="hint">
          {dayText(shown.from)} to {dayText(shown.to)}, in the site&apos;s time zone ({timeZone}). A report covers at most {REPORT_RANGE.MAX_DAYS} days.
        </p>
      ) : null}
    </div>
  );
}

function RangeForm({
  shown,
  today,
  loading,
  onChoose,
}: {
  shown: ReportRange | undefined;
  today: string | undefined;
  loading: boolean;
  onChoose: (r: ReportRange) => void;
}) {
  const [from, setFrom] = useState(shown?.from ?? '');
  const [to, setTo] = useState(shown?.to ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server checks the range and says what is wrong with it.
    onChoose({ from, to });
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <label>
        From
        <input type="date" value={from} max={to || today} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label>
        To
        <input type="date" value={to} min={from} max={today} onChange={(e) => setTo(e.target.value)} required />
      </label>
      <button type="submit" disabled={loading}>
        Show these dates
      </button>
    </form>
  );
}

/* ---------- the report ---------- */

function CsvLink({ table, what, range }: { table: ReportTable; what: string; range: ReportRange }) {
  return (
    <a className="button secondary" href={`/api/config/analytics/csv/${table}${rangeQuery(range)}`} download>
      Download CSV<span className="visually-hidden"> of {what}</span>
    </a>
  );
}

/** A part of the report: its heading, its CSV file, and what it shows (`children` gets the heading's id, to name a table by). */
function Part({ title, table, range, children }: { title: string; table?: ReportTable; range: ReportRange; children: (headingId: string) => ReactNode }) {
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

type Column = { label: ReactNode; numeric?: boolean };

/** A table of the report, named by its part's heading; the first cell of each row heads it. */
function Table({
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

function Report({ report }: { report: DashboardReport }) {
  const { range, totals } = report;
  return (
    <>
      <Part title="Overview" table="days" range={range}>
        {() => (
          <>
            <ul className="stats" aria-label="Totals">
              <Stat value={totals.visits} one="visit" many="visits" />
              <Stat value={totals.visitors} one="unique visitor" many="unique visitors" />
              <Stat value={totals.pageViews} one="page view" many="page views" />
            </ul>
            <p className="hint">A visitor who came on several days counts once over the whole range.</p>
            <DaysChartOf report={report} />
          </>
        )}
      </Part>
      <Part title="Top pages" table="pages" range={range}>
        {(id) => (
          <Table
            labelledBy={id}
            columns={[{ label: 'Page' }, { label: 'Page views', numeric: true }, { label: analyticsReport.visitsStartedHere, numeric: true }]}
            rows={report.pages.map((p) => ({ key: p.pagePath, cells: [pageName(p.pagePath), count.format(p.pageViews), count.format(p.visits)] }))}
            empty="No page views in these dates."
          />
        )}
      </Part>
      <div className="part-pair">
        <Part title="Referrers" table="referrers" range={range}>
          {(id) => (
            <Table
              labelledBy={id}
              columns={[{ label: 'Came from' }, { label: 'Visits', numeric: true }]}
              rows={report.referrers.map((r) => ({ key: r.referrerHost, cells: [r.referrerHost || 'Direct or unknown', count.format(r.hits)] }))}
              empty="No visits with a known landing in these dates."
            />
          )}
        </Part>
        <Part title="Campaigns" table="campaigns" range={range}>
          {(id) => <CampaignsTable id={id} report={report} />}
        </Part>
      </div>
      <div className="part-pair">
        <Breakdown
          title="Devices"
          table="devices"
          range={range}
          dimension="Device"
          by="visits"
          rows={report.devices}
          total={totals.visits}
          keyOf={(d) => d.device}
        />
        <Breakdown
          title="Viewport sizes"
          table="viewports"
          range={range}
          dimension="Viewport width"
          by="pageViews"
          rows={report.viewports}
          total={totals.pageViews}
          keyOf={(v) => String(v.band)}
        />
      </div>
      <Part title="Forms" table="forms" range={range}>
        {(id) => (
          <Table
            labelledBy={id}
            columns={[
              { label: 'Form' },
              { label: 'Views', numeric: true },
              { label: 'Submissions', numeric: true },
              { label: analyticsReport.submissionsPerView, numeric: true },
            ]}
            rows={report.forms.map((f) => ({
              key: f.formId,
              cells: [f.name, count.format(f.views), count.format(f.submissions), share(f.submissions, f.views)],
            }))}
            empty="This site has no forms, and no form was shown in these dates."
          />
        )}
      </Part>
      <Part title="Buttons" table="buttons" range={range}>
        {(id) => (
          <Table
            labelledBy={id}
            columns={[
              { label: 'Button' },
              { label: 'Goes to' },
              { label: 'Shown', numeric: true },
              { label: 'Clicks', numeric: true },
              { label: analyticsReport.clicksPerView, numeric: true },
            ]}
            rows={report.buttons.map((b) => ({
              key: b.buttonId,
              cells: [b.text || '(no text)', b.link, count.format(b.renders), count.format(b.clicks), share(b.clicks, b.renders)],
            }))}
            empty="No button was shown or clicked in these dates."
          />
        )}
      </Part>
      <Part title="Core Web Vitals" table="vitals" range={range}>
        {(id) => <VitalsTable id={id} report={report} />}
      </Part>
      <Part title="JavaScript errors" table="errors" range={range}>
        {() => <ErrorsList key={rangeQuery(range)} range={range} />}
      </Part>
    </>
  );
}

const MEASURES = {
  visits: { label: 'Visits', one: 'visit', many: 'visits', color: COLORS.visits },
  pageViews: { label: 'Page views', one: 'page view', many: 'page views', color: COLORS.pageViews },
} as const;

/** Visits and page views split by one dimension: a bar per value of `by`, then the numbers as a table. */
function Breakdown<Row extends { label: string; visits: number; pageViews: number }>(props: {
  title: string;
  table: ReportTable;
  range: ReportRange;
  dimension: string;
  by: keyof typeof MEASURES;
  rows: Row[];
  total: number;
  keyOf: (row: Row) => string;
}) {
  const { title, table, range, dimension, by, rows, total, keyOf } = props;
  const measure = MEASURES[by];
  const categories = useMemo(() => rows.map((r) => r.label), [rows]);
  const series = useMemo((): ChartSeries => ({ label: measure.label, values: rows.map((r) => r[by]), color: measure.color }), [rows, by, measure]);
  return (
    <Part title={title} table={table} range={range}>
      {(id) =>
        rows.length === 0 ? (
          <p className="empty">No {measure.many} in these dates.</p>
        ) : (
          <BarsChart
            title={`${measure.label} by ${dimension.toLowerCase()}`}
            summary={rows.map((r) => `${r.label} ${plural(r[by], measure.one, measure.many)}`).join(', ')}
            categories={categories}
            series={series}
          >
            <Table
              labelledBy={id}
              columns={[
                { label: dimension },
                { label: 'Visits', numeric: true },
                { label: 'Page views', numeric: true },
                { label: `Share of ${measure.many}`, numeric: true },
              ]}
              rows={rows.map((r) => ({ key: keyOf(r), cells: [r.label, count.format(r.visits), count.format(r.pageViews), share(r[by], total)] }))}
            />
          </BarsChart>
        )
      }
    </Part>
  );
}

function Stat({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <li>
      <span className="stat-value">{count.format(value)}</span> <span className="stat-label">{value === 1 ? one : many}</span>
    </li>
  );
}

function DaysChartOf({ report }: { report: DashboardReport }) {
  const { days, totals, range } = report;
  const dayList = useMemo(() => days.map((d) => d.day), [days]);
  const series = useMemo(
    (): ChartSeries[] => [
      { label: 'Visits', values: days.map((d) => d.visits), color: COLORS.visits },
      { label: 'Unique visitors that day', values: days.map((d) => d.visitors), color: COLORS.visitors, dash: [6, 4] },
      { label: 'Page views', values: days.map((d) => d.pageViews), color: COLORS.pageViews, dash: [2, 3] },
    ],
    [days],
  );
  const busiest = days.reduce<(typeof days)[number] | undefined>((best, d) => (!best || d.visits > best.visits ? d : best), undefined);
  const summary =
    `${plural(totals.visits, 'visit', 'visits')}, ${plural(totals.visitors, 'unique visitor', 'unique visitors')} and ${plural(totals.pageViews, 'page view', 'page views')} ` +
    `from ${dayText(range.from)} to ${dayText(range.to)}` +
    (busiest && busiest.visits > 0 ? `; the busiest day was ${dayText(busiest.day)} with ${plural(busiest.visits, 'visit', 'visits')}.` : '.');
  return <DaysChart title="Visits, visitors and page views by day" summary={summary} days={dayList} series={series} />;
}

function CampaignsTable({ id, report }: { id: string; report: DashboardReport }) {
  // Only the parameters some campaign in the range used get a column.
  const used = CAMPAIGN_FIELDS.filter((f) => report.campaigns.some((c) => c[f] !== ''));
  return (
    <Table
      labelledBy={id}
      columns={[...used.map((f) => ({ label: CAMPAIGN_LABELS[f] })), { label: 'Visits', numeric: true }]}
      rows={report.campaigns.map((c) => ({
        key: CAMPAIGN_FIELDS.map((f) => c[f]).join('\u0000'),
        cells: [...used.map((f) => c[f] || '—'), count.format(c.hits)],
      }))}
      empty="No visit came with campaign parameters in these dates."
    />
  );
}

function VitalCell({ row, name }: { row: VitalsRow; name: (typeof REPORT_VITALS)[number]['name'] }) {
  const value = row.metrics[name];
  if (!value) return <span className="muted">No data</span>;
  return (
    <>
      <span className="vital-value">{value.display}</span> <span className={`rating rating-${value.rating}`}>{value.ratingLabel}</span>
    </>
  );
}

function VitalsTable({ id, report }: { id: string; report: DashboardReport }) {
  const t = report.thresholds;
  return (
    <>
      <p className="hint">
        The 75th percentile of page loads: three in four were at least this fast. Good up to{' '}
        {REPORT_VITALS.map((v) => `${v.name} ${formatVital(v.name, t[v.name][0])}`).join(', ')}; poor above{' '}
        {REPORT_VITALS.map((v) => `${v.name} ${formatVital(v.name, t[v.name][1])}`).join(', ')}; needs improvement between.
      </p>
      <Table
        labelledBy={id}
        columns={[{ label: 'Page' }, ...REPORT_VITALS.map((v) => ({ label: <abbr title={v.label}>{v.name}</abbr> })), { label: 'Page loads', numeric: true }]}
        rows={report.vitals.map((row) => ({
          key: row.pagePath ?? '\u0000site',
          cells: [pageName(row.pagePath), ...REPORT_VITALS.map((v) => <VitalCell key={v.name} row={row} name={v.name} />), count.format(row.samples)],
        }))}
        empty="No page sent its vitals in these dates."
      />
    </>
  );
}

function ErrorsList({ range }: { range: ReportRange }) {
  const fetchErrors = useCallback(
    (r: ReportRange, cursor: string | null) =>
      call(errorsPage, 'GET', `/api/config/analytics/errors${rangeQuery(r)}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`).then((p) => ({
        rows: p.errors,
        next: p.next,
      })),
    [],
  );
  const { rows, next, loading, error, loadMore } = usePagedList<ErrorRow, ReportRange, string>(fetchErrors, range);
  return (
    <>
      <Messages error={error} />
      {rows.length === 0 && loading ? <p role="status">Loading the errors…</p> : null}
      {rows.length === 0 && !loading && !error ? <p className="empty">No JavaScript errors in these dates.</p> : null}
      {rows.length > 0 ? (
        <ol className="error-list">
          {rows.map((e) => (
            <li key={e.cursor}>
              <details>
                <summary>
                  <span className="error-message">{e.message || '(no message)'}</span>{' '}
                  <span className="muted">
                    {new Date(e.receivedAt).toLocaleString()} on {e.url}
                  </span>
                </summary>
                <dl className="error-facts">
                  {e.file ? (
                    <div>
                      <dt>File</dt>
                      <dd>
                        {e.file}
                        {e.line !== null ? `:${e.line}${e.column !== null ? `:${e.column}` : ''}` : ''}
                      </dd>
                    </div>
                  ) : null}
                  {e.userAgent ? (
                    <div>
                      <dt>Browser</dt>
                      <dd>{e.userAgent}</dd>
                    </div>
                  ) : null}
                </dl>
                <pre className="error-stack">{e.stack || '(no stack)'}</pre>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      <LoadMore more={!!next} loading={loading} onLoad={loadMore} label="Load more errors" />
    </>
  );
}
