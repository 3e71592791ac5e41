/**
 * What an operator sees of a running app server, in Prometheus's text format (prom-client). One
 * registry per app (tests build several apps in one process). The parts of the server that do the
 * work record into it: the request hook (requests by route and status, latency), the page cache
 * and the plain-Node cached-page path (hits and misses), the site content cache (reads, bytes held), the batch writers (batch sizes, the time
 * a call waited for its commit), the job queue (depth, failures) and the database pool (in use,
 * idle, waiting). `GET /api/metrics` serves `render()`. The three recorded on every request are
 * kinds of our own (labelled-metrics.ts) that the registry renders like its own.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { labelledCounter, labelledHistogram } from './labelled-metrics';

/** Seconds: from a fast cached page (well under a millisecond) to a slow export. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(opts: { defaults?: boolean } = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'openpress' });
  if (opts.defaults !== false) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: labelledCounter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: labelledHistogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern and method.',
      labelNames: ['route', 'method'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    pageCache: labelledCounter({
      name: 'page_cache_requests_total',
      help: 'Published-page requests by what the page cache did: hit (answered from memory) or miss (rendered).',
      labelNames: ['result', 'path'] as const,
      registers: [registry],
    }),
    siteContentReads: new Counter({
      name: 'site_content_reads_total',
      help: 'Renders by where their site content came from: hit (held in memory), miss (read whole from the database), too_large (a site larger than the content cache: read for the one address).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    siteContentBytes: new Gauge({
      name: 'site_content_bytes',
      help: 'Site content held in memory, as the JSON size of the rows it was read from.',
      registers: [registry],
    }),
    siteContentSites: new Gauge({ name: 'site_content_sites', help: 'Sites whose content is held in memory.', registers: [registry] }),
    ingestBatchSize: new Histogram({
      name: 'ingest_batch_calls',
      help: 'Calls committed together in one batch, by writer.',
      labelNames: ['writer'] as const,
      buckets: BATCH_BUCKETS,
      registers: [registry],
    }),
    ingestLag: new Histogram({
      name: 'ingest_commit_wait_seconds',
      help: 'Time a call waited from its arrival to its batch committing, by writer.',
      labelNames: ['writer'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    ingestWaiting: new Gauge({
      name: 'ingest_waiting_calls',
      help: 'Calls waiting for their batch, by writer.',
      labelNames: ['writer'] as const,
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'job_failures_total',
      help: 'Background job attempts that failed, by job kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    jobQueueDepth: new Gauge({
      name: 'job_queue_jobs',
      help: 'Background jobs in the queue by status (pending, running, failed), read from the database when scraped.',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    dbPool: new Gauge({
      name: 'db_pool_connections',
      help: "The database pool's connections (total, idle) and the queries waiting for one (waiting), when scraped.",
      labelNames: ['state'] as const,
      registers: [registry],
    }),
    /** Rendered as metrics text; the gauges read at collection time (pool, job queue) are set by /api/metrics just before. */
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
