/** Our per-request metric kinds render exactly as prom-client's own do for the same observations. */
import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { labelledCounter, labelledHistogram } from './labelled-metrics';

const BUCKETS = [0.0005, 0.001, 0.01, 0.1, 1];

function registries() {
  const ours = new Registry();
  const theirs = new Registry();
  for (const registry of [ours, theirs]) registry.setDefaultLabels({ service: 'openpress' });
  return { ours, theirs };
}

const observation = fc.record({
  route: fc.constantFrom('/*', '/api/form/SaveFormSubmission', 'a "quoted" \\ route'),
  method: fc.constantFrom('GET', 'POST'),
  status: fc.constantFrom(200, 304, 404),
  seconds: fc.oneof(fc.constantFrom(0, 0.0005, 0.001, 1, 2), fc.double({ min: 0, max: 3, noNaN: true })),
});

describe('labelled metrics', () => {
  it('a histogram renders bucket, sum and count lines as prom-client does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 40 }), async (observations) => {
        const { ours, theirs } = registries();
        const def = { name: 'http_request_duration_seconds', help: 'Latency.', labelNames: ['route', 'method'] as const, buckets: BUCKETS };
        const mine = labelledHistogram({ ...def, registers: [ours] });
        const reference = new Histogram({ ...def, registers: [theirs] });
        for (const o of observations) {
          // Half through a resolved series, half by labels: both count into the same series.
          if (o.status === 200) mine.labels({ route: o.route, method: o.method }).observe(o.seconds);
          else mine.observe({ route: o.route, method: o.method }, o.seconds);
          reference.observe({ route: o.route, method: o.method }, o.seconds);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
      }),
      { numRuns: 50 },
    );
  });

  it('a counter renders as prom-client does, counting by labels, by resolved series and by amounts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 40 }), async (observations) => {
        const { ours, theirs } = registries();
        const def = { name: 'http_requests_total', help: 'Requests.', labelNames: ['route', 'method', 'status'] as const };
        const mine = labelledCounter({ ...def, registers: [ours] });
        const reference = new Counter({ ...def, registers: [theirs] });
        for (const o of observations) {
          const labels = { route: o.route, method: o.method, status: o.status };
          const by = o.method === 'GET' ? 1 : 3;
          if (o.status === 304) mine.labels(labels).inc(by);
          else mine.inc(labels, by);
          reference.inc(labels, by);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
        expect((await mine.get()).values).toEqual((await reference.get()).values.map((v) => ({ labels: v.labels, value: v.value })));
      }),
      { numRuns: 50 },
    );
  });
});
