/**
 * The analytics dashboard's charts, drawn by uPlot (a small canvas chart library, loaded only with
 * the Analytics screen's chunk, never on published pages): lines over days, and bars over
 * categories. A canvas says nothing to assistive technology, so each chart is an image whose
 * accessible name summarises it, with a legend in text (lines differ by dash as well as colour) and
 * its numbers as a table: under "Show the numbers" for the days, and the table shown beside the bars.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { DataTable } from '../shared/data-table';

const HEIGHT = 240;
const AXIS: uPlot.Axis = {
  stroke: '#545b64',
  grid: { stroke: '#ebe8e2', width: 1 },
  ticks: { stroke: '#dedad3', width: 1 },
  font: '12px system-ui, sans-serif',
};
const count = new Intl.NumberFormat();
/** From zero, and at least 0 to `least` so one visit is not a full-height line. */
const fromZero =
  (least: number): uPlot.Scale.Range =>
  (_u, _min, max) => [0, Math.max(least, max)];

export type ChartSeries = { label: string; values: number[]; color: string; dash?: number[] };

/**
 * What a chart's values are, when not counts (money in minor units): how the value axis and the
 * numbers table write one, and the least top of the value axis (so one small sale is not a
 * full-height line). Ticks fall on whole values only.
 */
export type ChartUnit = { tick: (value: number) => string; text: (value: number) => string; least: number };
const COUNTS: ChartUnit = { tick: (v) => count.format(v), text: (v) => count.format(v), least: 4 };
/** Whole values on the value axis, never 0.5 visits. */
const ticksOf = (unit: ChartUnit) => (_u: uPlot, ticks: number[]) => ticks.map((t) => (Number.isInteger(t) ? unit.tick(t) : ''));
/** The value axis as wide as its longest label ("£1,250"), and never narrower than uPlot's own 50 pixels. */
const valueAxisSize: uPlot.Axis.Size = (u, values) => {
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  // uPlot keeps the font it last set: measured in the axis font, then given back.
  const before = u.ctx.font;
  u.ctx.font = AXIS.font as string;
  const width = u.ctx.measureText(longest).width;
  u.ctx.font = before;
  return Math.max(50, Math.ceil(width) + 16);
};

/** Draws the chart into the returned element at its width, again when that changes; rebuilt when `options` or `data` change. */
function usePlot(options: Omit<uPlot.Options, 'width' | 'height'>, data: uPlot.AlignedData) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const plot = new uPlot({ ...options, width: el.clientWidth, height: HEIGHT }, data, el);
    const resize = new ResizeObserver(() => {
      if (el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [options, data]);
  return ref;
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="chart-legend">
      {series.map((s) => (
        <li key={s.label}>
          <svg width="28" height="10" aria-hidden="true" focusable="false">
            <line x1="0" y1="5" x2="28" y2="5" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash?.join(' ')} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** The chart's numbers as a table, folded away. */
function NumbersTable({ caption, head, rows, unit }: { caption: string; head: string[]; rows: [string, ...number[]][]; unit: ChartUnit }) {
  return (
    <details className="chart-numbers">
      <summary>Show the numbers</summary>
      <DataTable
        caption={caption}
        captionShown
        rowHeaders
        rows={rows}
        rowKey={(row) => row[0]}
        columns={head.map((h, i) => ({ header: h, cell: (row: [string, ...number[]]) => (i === 0 ? row[0] : unit.text(row[i] as number)) }))}
      />
    </details>
  );
}

const DAY_STEPS = [1, 2, 7, 14, 28, 91, 182, 364].map((days) => days * 86_400);
const tickDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const unixDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A line per series over `days` (site days, YYYY-MM-DD), counts unless `unit` says otherwise. */
export function DaysChart({
  title,
  summary,
  days,
  series,
  unit = COUNTS,
}: {
  title: string;
  summary: string;
  days: string[];
  series: ChartSeries[];
  unit?: ChartUnit;
}) {
  const options = useMemo(
    (): Omit<uPlot.Options, 'width' | 'height'> => ({
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // Site days are calendar days: drawn in UTC, so the owner's own zone moves none of them.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { y: { range: fromZero(unit.least) } },
      // Ticks on whole days only, labelled as days.
      axes: [
        { ...AXIS, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((t) => tickDay.format(new Date(t * 1000))) },
        { ...AXIS, values: ticksOf(unit), size: valueAxisSize },
      ],
      series: [
        {},
        ...series.map(
          (s): uPlot.Series => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            ...(s.dash ? { dash: s.dash } : {}),
            points: { show: days.length <= 31 },
          }),
        ),
      ],
    }),
    [days, series, unit],
  );
  const data = useMemo((): uPlot.AlignedData => [days.map(unixDay), ...series.map((s) => s.values)], [days, series]);
  const ref = usePlot(options, data);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <Legend series={series} />
      <div className="chart-canvas" role="img" aria-label={`${title}: ${summary}`} ref={ref} />
      <NumbersTable
        caption={title}
        head={['Day', ...series.map((s) => s.label)]}
        rows={days.map((d, i) => [dayName.format(new Date(unixDay(d) * 1000)), ...series.map((s) => s.values[i] ?? 0)])}
        unit={unit}
      />
    </figure>
  );
}

/** One bar per category; `children` (the same numbers as a table) follows the chart. */
export function BarsChart({
  title,
  summary,
  categories,
  series,
  children,
}: {
  title: string;
  summary: string;
  categories: string[];
  series: ChartSeries;
  children: ReactNode;
}) {
  const options = useMemo(
    (): Omit<uPlot.Options, 'width' | 'height'> => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, categories.length - 0.5] }, y: { range: fromZero(COUNTS.least) } },
      axes: [
        { ...AXIS, grid: { show: false }, splits: () => categories.map((_, i) => i), values: () => categories },
        { ...AXIS, values: ticksOf(COUNTS), size: valueAxisSize },
      ],
      series: [
        {},
        { label: series.label, fill: series.color, stroke: series.color, width: 0, paths: uPlot.paths.bars!({ size: [0.6, 80] }), points: { show: false } },
      ],
    }),
    [categories, series],
  );
  const data = useMemo((): uPlot.AlignedData => [categories.map((_, i) => i), series.values], [categories, series]);
  const ref = usePlot(options, data);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div className="chart-canvas" role="img" aria-label={`${title}: ${summary}`} ref={ref} />
      {children}
    </figure>
  );
}
