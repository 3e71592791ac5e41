/**
 * Error reports (seed 000 §3, §7, §9): uncaught errors and unhandled rejections on the page, and
 * what other modules report (`reportError`, the performance code's failures), POSTed to
 * /api/events/RecordJavascriptErrors as a JSON array of {event, data, timestamp} with the crumb
 * in the anti-forgery header. At most 20 reports a page; at most 10 waiting (later ones are dropped
 * and do not count); the stack cut at 5000 characters; sent 1 s after the last one arrived. A
 * report holds no visitor identifier, so it is sent whatever the consent.
 */
import { ERROR_REPORTING } from '../../domain/limits';
import { MEASUREMENT_PATHS } from '../../domain/measurement-paths';
import { siteContext } from '../site-context';
import { post } from './transport';

export const ERROR_APP = 'frontsite';

export type ErrorFacts = {
  message: string;
  stack?: string | undefined;
  file?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  custom?: Record<string, unknown> | undefined;
};

export type ErrorReport = {
  event: string;
  data: {
    websiteId: string | null;
    templateId: string | null;
    url: string;
    userAgent: string;
    app: string;
    message: string;
    stack: string;
    file: string | null;
    line: number | null;
    column: number | null;
    custom: Record<string, unknown>;
  };
  timestamp: number;
};

export function errorReport(
  event: string,
  facts: ErrorFacts,
  page: { websiteId?: string | undefined; templateId?: string | undefined; url: string; userAgent: string },
  now: number,
): ErrorReport {
  return {
    event,
    data: {
      websiteId: page.websiteId ?? null,
      templateId: page.templateId ?? null,
      url: page.url,
      userAgent: page.userAgent,
      app: ERROR_APP,
      message: facts.message,
      stack: (facts.stack ?? '').slice(0, ERROR_REPORTING.MAX_STACK_LENGTH),
      file: facts.file ?? null,
      line: facts.line ?? null,
      column: facts.column ?? null,
      custom: facts.custom ?? {},
    },
    timestamp: now,
  };
}

/** Seed 000 §9's caps: 20 accepted a page, 10 waiting. `add` says whether the report was kept. */
export function errorQueue<T>() {
  let accepted = 0;
  const waiting: T[] = [];
  return {
    add(report: T): boolean {
      if (accepted >= ERROR_REPORTING.MAX_REPORTS_PER_PAGE || waiting.length >= ERROR_REPORTING.MAX_QUEUE_LENGTH) return false;
      accepted++;
      waiting.push(report);
      return true;
    },
    take: (): T[] => waiting.splice(0),
  };
}

const queue = errorQueue<ErrorReport>();
let timer: ReturnType<typeof setTimeout> | undefined;

function send(): void {
  const reports = queue.take();
  // Not keepalive: ten reports with long messages can pass the 64 KB a keepalive body may have.
  if (reports.length) post(MEASUREMENT_PATHS.RECORD_JAVASCRIPT_ERRORS, JSON.stringify(reports), { json: true, keepalive: false }).catch(() => undefined);
}

function add(event: string, facts: ErrorFacts): void {
  const ctx = siteContext();
  const page = { websiteId: ctx?.websiteId, templateId: ctx?.templateId, url: location.origin + location.pathname, userAgent: navigator.userAgent };
  if (!queue.add(errorReport(event, facts, page, Date.now()))) return;
  clearTimeout(timer);
  timer = setTimeout(send, ERROR_REPORTING.SEND_DEBOUNCE_MS);
}

/** Reports a failure the page caught itself ("reported to an error service"). */
export function reportError(message: string, custom?: Record<string, unknown>): void {
  add('reported_error', { message, stack: new Error(message).stack, custom });
}

function describe(reason: unknown): ErrorFacts {
  return reason instanceof Error ? { message: reason.message, stack: reason.stack } : { message: String(reason) };
}

let listening = false;

export function startErrorReports(): void {
  if (listening) return;
  listening = true;
  addEventListener('error', (e) => {
    add('javascript_error', { ...describe(e.error ?? e.message), file: e.filename, line: e.lineno, column: e.colno });
  });
  addEventListener('unhandledrejection', (e) => add('unhandled_rejection', describe(e.reason)));
}
