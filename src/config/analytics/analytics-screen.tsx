/**
 * The Analytics area of the config area (issue 5, item 8): the owner's dashboard over a range of
 * site days (the last 7, 30 or 90, or any from–to): visits, unique visitors and page views with a
 * chart over the days; the sales (issue 34: revenue, orders, average order value, conversion) with
 * the revenue's chart over the days; top pages, referrers, campaigns; devices and viewport widths
 * as charts with their tables; form views against submissions; button clicks; Core Web Vitals at
 * the 75th percentile per page, rated in words; and the latest JavaScript errors, each opening to
 * its stack, a page at a time. Every table of visits downloads as CSV. This module and uPlot load
 * only when the screen is first opened (../shell/app.tsx), so no other screen, and no published
 * page, pays for them.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { lastDays, REPORT_RANGE } from '../../domain/analytics-report';
import { dashboardReport, salesReport, type DashboardReport, type ReportRange } from '../../contracts/analytics';
import { call } from '../shared/api';
import { errorText, Messages } from '../shared/ui';
import { dayText, rangeQuery } from './report-parts';
import { Report } from './report';
import type { SalesState } from './sales-part';
import './analytics.css';

export function AnalyticsScreen() {
  // null: the server's default range (the last 30 days up to the site's today).
  const [asked, setAsked] = useState<ReportRange | null>(null);
  const [report, setReport] = useState<DashboardReport>();
  const [sales, setSales] = useState<SalesState>();
  const [today, setToday] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const choose = (range: ReportRange) => {
    setLoading(true);
    setError(null);
    setAsked(range);
  };
  useEffect(() => {
    const query = asked ? rangeQuery(asked) : '';
    // The sales come beside the report, for the same range; their part waits for them alone.
    call(salesReport, 'GET', `/api/config/analytics/sales${query}`).then(
      (s) => setSales({ sales: s }),
      (err: unknown) => setSales((last) => ({ sales: last?.sales, error: errorText(err), failed: asked })),
    );
    call(dashboardReport, 'GET', `/api/config/analytics${query}`)
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
      {report ? <Report report={report} sales={sales} /> : null}
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
