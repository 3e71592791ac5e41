/**
 * The browser's data-request client (seed 000 §4, §7, §8): every API call browser code makes goes
 * through `dataRequest`, so anti-forgery, credentials, retries and the failure texts live here once.
 *
 * - Anti-forgery: every state-changing request (POST, PUT, DELETE) carries the crumb cookie's value
 *   twice, as a `crumb` query parameter and in an `X-CSRF-Token` header, so the server can check
 *   either. GET carries neither: it changes nothing, and a token in a GET address leaks into logs
 *   and Referer headers. Nor does a call to another origin that is not `secure`: the token is ours
 *   and stays off third parties. Without a crumb cookie neither is sent; the server's crumbFail
 *   answer then brings the first crumb.
 * - Crumb failure: an answer whose body has `crumbFail: true` (seed 001 §7 tests the body, not the
 *   status) writes the answer's `crumb` to the crumb cookie (path=/, SameSite=Lax, Secure on https,
 *   as the server sets it) and the request is sent once more with it; a second crumbFail rejects.
 *   This retry is separate from `retries`.
 * - Credentials: the platform host is the current page's own origin. A `secure` call to another
 *   origin (a site on its own domain calling the secure endpoint) uses `credentials: 'include'`;
 *   everything else uses 'same-origin', so third-party endpoints never receive the visitor's cookies.
 * - Failures reject with `DataRequestError`, an Error subclass rather than a plain object, so callers
 *   get a stack trace, `instanceof` in catch blocks, and the body fields (errors map and the rest).
 *   loginRequired and authorizationFail also announce themselves on window (login prompt, system
 *   error panel); neither is retried, since sending again cannot change the answer.
 *
 * It imports only src/domain: it runs in the browser and counts toward every page's script budget.
 */
import { COOKIE_NAMES, CRUMB_HEADER } from '../domain/cookies';
import { dataRequestErrorText } from '../domain/request-errors';
import { dataRequest as dataRequestMessages } from '../messages/data-request';
import { format } from '../messages/format';
import { QUERY } from '../domain/routes';

export const LOGIN_REQUIRED_EVENT = 'login-required';
export const SYSTEM_ERROR_EVENT = 'system-error';
export { CRUMB_HEADER };
export const RETRY_DELAY_MS = 200;

export type DataRequestOptions = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** GET sends it as query parameters. An array is for JSON bodies (error reports send one). */
  data?: Record<string, unknown> | unknown[] | FormData | URLSearchParams;
  /** Send `data` as a JSON body instead of a form. */
  json?: boolean;
  /** How many more times a failing request is sent, 200 ms apart. */
  retries?: number;
  /** The endpoint needs the visitor's cookies even when it is on another origin. */
  secure?: boolean;
  /** Extra headers, such as a signed-in customer's xsrf token. */
  headers?: Record<string, string>;
  fetchImpl?: typeof fetch;
};

/** The answer fields the client reads (seed 000 §7), as the server sends them. */
export type ResponseFields = {
  error?: string;
  message?: string;
  billingErrorCode?: string | number;
  loginRequired?: boolean;
  authorizationFail?: boolean;
  crumbFail?: boolean;
  crumb?: string;
  /** Field name to message, for forms that mark each field. */
  errors?: Record<string, string>;
};

export type DataResponse<T> = { ok: true; status: number; data: T };

/** What the system error panel shows: seed 001 §8's requested URL and error or message text. */
export type SystemErrorDetail = { message: string; url: string; status: number; body: ResponseFields };

export class DataRequestError extends Error {
  override readonly name = 'DataRequestError';

  /**
   * `message` is the seed's text; `status` is 0 when no answer arrived; `url` is the caller's,
   * without the crumb, so the token never reaches an error panel or report.
   */
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly body: ResponseFields,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** `document.cookie` by default; tests and non-browser hosts swap in their own. */
export const cookieJar: { read(): string; write(cookie: string): void } = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

function readCookie(name: string): string | undefined {
  for (const pair of cookieJar.read().split(/; */)) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at) !== name) continue;
    const value = pair.slice(at + 1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Objects go out as strings: strings as they are, anything else as JSON (nested data in a form). */
function toParams(data: NonNullable<DataRequestOptions['data']>): URLSearchParams {
  const params = new URLSearchParams();
  const entries = data instanceof FormData || data instanceof URLSearchParams ? data : Object.entries(data);
  for (const [key, value] of entries) {
    if (value !== undefined) params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return params;
}

function withQuery(url: string, params: URLSearchParams): string {
  const query = params.toString();
  if (!query) return url;
  const hash = url.indexOf('#');
  const path = hash < 0 ? url : url.slice(0, hash);
  return path + (path.includes('?') ? '&' : '?') + query + url.slice(path.length);
}

function isCrossOrigin(url: string): boolean {
  return typeof location !== 'undefined' && new URL(url, location.href).origin !== location.origin;
}

function buildRequest(opts: DataRequestOptions, crumb: string | undefined): [string, RequestInit] {
  const { url, method = 'GET', data, json } = opts;
  const headers: Record<string, string> = { ...opts.headers };
  const query = method === 'GET' && data ? toParams(data) : new URLSearchParams();
  let body: BodyInit | undefined;
  if (method !== 'GET' && data) {
    if (json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data instanceof FormData || data instanceof URLSearchParams ? Object.fromEntries(data) : data);
    } else {
      // FormData stays multipart so files survive; the browser writes its boundary header.
      body = data instanceof FormData ? data : toParams(data);
    }
  }
  const cross = isCrossOrigin(url);
  if (method !== 'GET' && crumb && (opts.secure || !cross)) {
    query.append(QUERY.CRUMB, crumb);
    headers[CRUMB_HEADER] = crumb;
  }
  return [withQuery(url, query), { method, headers, body, credentials: opts.secure && cross ? 'include' : 'same-origin' }];
}

type Answer = { status: number; ok: boolean; body: unknown; cause?: unknown; parseMessage?: string };

async function send(fetchImpl: typeof fetch, target: string, init: RequestInit): Promise<Answer> {
  try {
    const res = await fetchImpl(target, init);
    if (res.status === 204) return { status: 204, ok: true, body: {} };
    const text = await res.text();
    try {
      return { status: res.status, ok: res.ok, body: JSON.parse(text) };
    } catch (cause) {
      return { status: res.status, ok: res.ok, body: {}, cause, parseMessage: (cause as SyntaxError).message };
    }
  } catch (cause) {
    return { status: 0, ok: false, body: {}, cause };
  }
}

function announce(type: string, detail: unknown): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(type, { detail }));
}

export async function dataRequest<T = unknown>(opts: DataRequestOptions): Promise<DataResponse<T>> {
  const { url, method = 'GET', fetchImpl = fetch } = opts;
  let retriesLeft = opts.retries ?? 0;
  let crumbRetried = false;
  for (;;) {
    const answer = await send(fetchImpl, ...buildRequest(opts, method === 'GET' ? undefined : readCookie(COOKIE_NAMES.CRUMB)));
    const { status, ok } = answer;
    const fields = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as ResponseFields;
    const failure = (message: string = dataRequestErrorText(status)) => new DataRequestError(message, status, url, fields, { cause: answer.cause });

    if (fields.crumbFail === true) {
      if (typeof fields.crumb === 'string') {
        // The server's crumb cookie attributes, so rewriting it on https does not drop its Secure flag.
        const secureOnly = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
        cookieJar.write(`${COOKIE_NAMES.CRUMB}=${encodeURIComponent(fields.crumb)}; path=/; SameSite=Lax${secureOnly}`);
      }
      if (crumbRetried) throw failure();
      crumbRetried = true;
      continue;
    }
    if (fields.loginRequired === true) {
      announce(LOGIN_REQUIRED_EVENT, fields);
      throw failure();
    }
    if (fields.authorizationFail === true) {
      const error = failure();
      const detail: SystemErrorDetail = { message: fields.error ?? fields.message ?? error.message, url, status, body: fields };
      announce(SYSTEM_ERROR_EVENT, detail);
      throw error;
    }
    if (ok && answer.parseMessage !== undefined) {
      throw failure(format(dataRequestMessages.unparseableJson, { url, message: answer.parseMessage }));
    }
    if (ok) return { ok, status, data: answer.body as T };
    if (retriesLeft-- <= 0) throw failure();
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
}
