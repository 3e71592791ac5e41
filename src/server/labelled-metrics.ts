/**
 * Counters and histograms for the metrics recorded on every request (requests, latency, page-cache
 * hits), rendered by the prom-client registry exactly as its own kinds are. prom-client's own kinds
 * hash and validate the label set on every observation, even through a child from `labels()`,
 * which cost the cached-page path more than its own work; here a label set is resolved to its
 * series once, and observing it afterwards is a few additions.
 */
import type { Registry } from 'prom-client';

type Labels<N extends string> = Readonly<Record<N, string | number>>;

/**
 * One sample as the registry renders it (prom-client's metric shape): a histogram's series labels
 * go in `sharedLabels`, which the registry writes after the default labels, as for its own.
 */
type Sample = { labels: Record<string, string | number>; sharedLabels?: Record<string, string | number>; value: number; metricName?: string };
type Snapshot = { name: string; help: string; type: 'counter' | 'histogram'; values: Sample[]; aggregator: 'sum' };

type Definition<N extends string> = { name: string; help: string; labelNames: readonly N[]; registers: Registry[] };

/** The series of each label set, created on first use with the labels as first given. */
function seriesOf<N extends string, S>(labelNames: readonly N[], create: (labels: Labels<N>) => S) {
  const found = new Map<string, S>();
  return (labels: Labels<N>): S => {
    let key = '';
    for (const name of labelNames) key += `${labels[name]}\u0000`;
    let series = found.get(key);
    if (!series) {
      const own = {} as Record<N, string | number>;
      for (const name of labelNames) own[name] = labels[name];
      found.set(key, (series = create(own)));
    }
    return series;
  };
}

export type LabelledCounter<N extends string> = {
  inc(labels: Labels<N>, by?: number): void;
  /** The series of one label set, to count into without looking it up again. */
  labels(labels: Labels<N>): { inc(by?: number): void };
  get(): Promise<Snapshot>;
};

export function labelledCounter<N extends string>(def: Definition<N>): LabelledCounter<N> {
  const all: { labels: Labels<N>; value: number }[] = [];
  const series = seriesOf(def.labelNames, (labels) => {
    const created = {
      labels,
      value: 0,
      inc(by = 1) {
        created.value += by;
      },
    };
    all.push(created);
    return created;
  });
  const metric = {
    name: def.name,
    help: def.help,
    type: 'counter' as const,
    aggregator: 'sum' as const,
    inc: (labels: Labels<N>, by = 1) => series(labels).inc(by),
    labels: series,
    get: async (): Promise<Snapshot> => ({
      name: def.name,
      help: def.help,
      type: 'counter',
      aggregator: 'sum',
      values: all.map((s) => ({ labels: { ...s.labels }, value: s.value })),
    }),
  };
  for (const registry of def.registers) registry.registerMetric(metric as never);
  return metric;
}

export type LabelledHistogram<N extends string> = {
  observe(labels: Labels<N>, value: number): void;
  labels(labels: Labels<N>): { observe(value: number): void };
  get(): Promise<Snapshot>;
};

export function labelledHistogram<N extends string>(def: Definition<N> & { buckets: readonly number[] }): LabelledHistogram<N> {
  const bounds = [...def.buckets].sort((a, b) => a - b);
  const all: { labels: Labels<N>; counts: Float64Array; sum: number; count: number }[] = [];
  const series = seriesOf(def.labelNames, (labels) => {
    const created = {
      labels,
      // One count per bound, and one past the last (+Inf); cumulated when rendered.
      counts: new Float64Array(bounds.length + 1),
      sum: 0,
      count: 0,
      observe(value: number) {
        let at = 0;
        while (at < bounds.length && value > bounds[at]!) at++;
        created.counts[at]!++;
        created.sum += value;
        created.count++;
      },
    };
    all.push(created);
    return created;
  });
  const snapshot = (): Sample[] => {
    const values: Sample[] = [];
    const bucket = `${def.name}_bucket`;
    for (const s of all) {
      let running = 0;
      bounds.forEach((bound, i) => {
        running += s.counts[i]!;
        values.push({ labels: { le: bound }, sharedLabels: s.labels, value: running, metricName: bucket });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${def.name}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${def.name}_count` });
    }
    return values;
  };
  const splayed = (): Sample[] => snapshot().map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } }));
  const metric = {
    name: def.name,
    help: def.help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    observe: (labels: Labels<N>, value: number) => series(labels).observe(value),
    labels: series,
    /** What the registry renders. */
    getForPromString: async (): Promise<Snapshot> => ({ name: def.name, help: def.help, type: 'histogram', aggregator: 'sum', values: snapshot() }),
    /** Each sample with its series labels among its own, as prom-client's `get()` gives them. */
    get: async (): Promise<Snapshot> => ({ name: def.name, help: def.help, type: 'histogram', aggregator: 'sum', values: splayed() }),
  };
  for (const registry of def.registers) registry.registerMetric(metric as never);
  return metric;
}
