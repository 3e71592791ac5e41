/**
 * How the measurement runtime talks to the server: a POST with a time limit that survives the page
 * going away (fetch keepalive), a form body, and the beacon. Every POST carries the crumb cookie's
 * value in the data-request client's anti-forgery header; a beacon cannot carry headers, so the
 * calls sent by beacon are the ones the server accepts without it.
 */
import { COOKIE_NAMES, CRUMB_HEADER } from '../../domain/cookies';
import { readCookie } from '../consent';

/** Strings as they are, anything else as JSON; undefined fields are left out. */
export function formBody(fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return body;
}

export type PostOptions = {
  /** Abort after this many milliseconds. */
  timeout?: number;
  /** Send the body as JSON (a string already). */
  json?: boolean;
  /** Let the request outlive the page (the default); the browser then caps the body at 64 KB. */
  keepalive?: boolean;
};

/** POSTs `body` and resolves with the answer's status; rejects on a network failure or the time limit. */
export async function post(url: string, body: BodyInit | null, opts: PostOptions = {}): Promise<number> {
  const abort = new AbortController();
  const timer = opts.timeout ? setTimeout(() => abort.abort(), opts.timeout) : undefined;
  const crumb = readCookie(COOKIE_NAMES.CRUMB);
  const headers: Record<string, string> = crumb ? { [CRUMB_HEADER]: crumb } : {};
  if (opts.json) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(url, { method: 'POST', body, headers, keepalive: opts.keepalive ?? true, credentials: 'same-origin', signal: abort.signal });
    // Read the (small) answer to its end: an unread body keeps the request open in the browser.
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } finally {
    clearTimeout(timer);
  }
}

/** Rejects for an answer outside 2xx, so the caller's failure handling sees it. */
export function expectOk(status: number): void {
  if (status < 200 || status > 299) throw new Error(`HTTP Status ${status}`);
}

/** Queues `body` with the browser's beacon; false when there is none or it refused. */
export function beacon(url: string, body: BodyInit): boolean {
  try {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
