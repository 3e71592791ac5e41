/**
 * The analytics report over a range: the headline figures and the days' chart, the sales
 * (./sales-part.tsx), top pages, referrers and campaigns, devices and viewport widths, forms,
 * buttons, Core Web Vitals per page, and the latest JavaScript errors a page at a time.
 */
import { useCallback, useMemo } from 'react';
import { CAMPAIGN_FIELDS, formatVital, REPORT_VITALS, type ReportTable } from '../../domain/analytics-report';
import { errorsPage, type DashboardReport, type ErrorRow, type ReportRange, type VitalsRow } from '../../contracts/analytics';
import { call } from '../shared/api';
import { BarsChart, DaysChart, type ChartSeries } from './analytics-charts';
import { LoadMore, Messages, usePagedList } from '../shared/ui';
import { analyticsReport } from '../../messages/analytics-report';
import { count, dayText, pageName, Part, plural, rangeQuery, share, Stat, Table } from './report-parts';
import { SalesPart, type SalesState } from './sales-part';

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

export function Report({ report, sales }: { report: DashboardReport; sales: SalesState | undefined }) {
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
      <SalesPart range={range} state={sales} />
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
