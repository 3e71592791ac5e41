/**
 * The data-request client against a stubbed fetch, a replaced cookie jar, and an EventTarget
 * standing in for window: what goes out on the wire (method, crumb, encoding, credentials), how
 * answers come back (data, seed texts, body fields, events), and when requests are sent again.
 * Status texts are written out literally so a drift in the catalogue fails here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieJar, dataRequest, DataRequestError, LOGIN_REQUIRED_EVENT, RETRY_DELAY_MS, SYSTEM_ERROR_EVENT, type DataRequestOptions } from './data-request';

const PAGE = 'https://shop.example';

type Sent = { url: URL; init: RequestInit; headers: Headers };
type Reply = () => Response;

const reply =
  (status: number, body?: unknown): Reply =>
  () =>
    new Response(typeof body === 'string' || body === undefined ? (body ?? null) : JSON.stringify(body), { status });

const networkDown: Reply = () => {
  throw new TypeError('fetch failed');
};

/** A fetch that answers with `replies` in turn, repeating the last one, and records each request. */
function server(...replies: Reply[]) {
  const sent: Sent[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: new URL(String(input), PAGE), init, headers: new Headers(init.headers) });
    const next = replies.length > 1 ? replies.shift() : replies[0];
    if (!next) throw new Error('no reply configured');
    return next();
  }) as typeof fetch;
  return { sent, fetchImpl };
}

/** What the browser would put on the wire for a recorded request (it derives form content types). */
function onTheWire({ url, init }: Sent): Request {
  return new Request(url, init);
}

const cookies = new Map<string, string>();
const cookieWrites: string[] = [];
const browserJar = { ...cookieJar };

beforeEach(() => {
  cookies.clear();
  cookieWrites.length = 0;
  cookieJar.read = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  cookieJar.write = (cookie) => {
    cookieWrites.push(cookie);
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  };
});

afterEach(() => {
  Object.assign(cookieJar, browserJar);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('methods and anti-forgery crumb', () => {
  // covers 000-7.23
  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)('sends %s as asked', async (method) => {
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/thing', method, fetchImpl });
    expect(sent[0]?.init.method).toBe(method);
  });

  // covers 000-7.24
  it.each(['POST', 'PUT', 'DELETE'] as const)('a %s carries the crumb cookie as ?crumb= and X-CSRF-Token', async (method) => {
    cookies.set('crumb', 'abc123');
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/census/RecordHit', method, data: { event: 'view' }, fetchImpl });
    expect(sent[0]?.url.pathname).toBe('/api/census/RecordHit');
    expect(sent[0]?.url.searchParams.get('crumb')).toBe('abc123');
    expect(sent[0]?.headers.get('X-CSRF-Token')).toBe('abc123');
  });

  it('adds the crumb to a query the address already has, before any fragment', async () => {
    cookies.set('crumb', 'abc123');
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/census/button-click?x=1#top', method: 'POST', fetchImpl });
    expect(sent[0]?.url.search).toBe('?x=1&crumb=abc123');
    expect(sent[0]?.url.hash).toBe('#top');
  });

  it('a GET carries no crumb, in the address or a header', async () => {
    cookies.set('crumb', 'abc123');
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/multilingual/status', fetchImpl });
    expect(sent[0]?.url.searchParams.has('crumb')).toBe(false);
    expect(sent[0]?.headers.has('X-CSRF-Token')).toBe(false);
  });

  it('without a crumb cookie sends neither parameter nor header', async () => {
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/form/FormSubmissionKey', method: 'POST', fetchImpl });
    expect(sent[0]?.url.searchParams.has('crumb')).toBe(false);
    expect(sent[0]?.headers.has('X-CSRF-Token')).toBe(false);
  });
});

describe('crumb failure', () => {
  const crumbFail = (crumb: string) => reply(403, { crumbFail: true, crumb });

  // covers 000-4.73, 000-4.74, 000-8.01
  it('writes the answered crumb to the cookie and sends the request once more with it', async () => {
    cookies.set('crumb', 'stale');
    const { sent, fetchImpl } = server(crumbFail('fresh'), reply(200, { saved: true }));
    const result = await dataRequest({ url: '/api/form/SaveFormSubmission', method: 'POST', data: { key: 'k' }, fetchImpl });
    expect(result).toEqual({ ok: true, status: 200, data: { saved: true } });
    expect(cookieWrites).toEqual(['crumb=fresh; path=/; SameSite=Lax']);
    expect(sent.map((s) => s.url.searchParams.get('crumb'))).toEqual(['stale', 'fresh']);
    expect(sent.map((s) => s.headers.get('X-CSRF-Token'))).toEqual(['stale', 'fresh']);
  });

  // covers 000-4.73
  it('on an https page the written crumb cookie is Secure, like the server’s', async () => {
    vi.stubGlobal('location', { href: `${PAGE}/`, origin: PAGE, protocol: 'https:' });
    const { fetchImpl } = server(crumbFail('fresh'), reply(200, {}));
    await dataRequest({ url: '/api/thing', method: 'POST', fetchImpl });
    expect(cookieWrites).toEqual(['crumb=fresh; path=/; SameSite=Lax; Secure']);
  });

  // covers 000-4.74, 000-8.01
  it('retries only once: a second crumbFail rejects, whatever retries says', async () => {
    cookies.set('crumb', 'stale');
    const { sent, fetchImpl } = server(crumbFail('one'), crumbFail('two'), reply(200, {}));
    const error = await dataRequest({ url: '/api/thing', method: 'DELETE', retries: 3, fetchImpl }).catch((e: unknown) => e);
    expect(sent).toHaveLength(2);
    expect(error).toBeInstanceOf(DataRequestError);
    expect(error).toMatchObject({ status: 403, message: 'Unauthorized request', body: { crumbFail: true, crumb: 'two' } });
    expect(cookies.get('crumb')).toBe('two');
  });

  it('the crumb retry leaves the retry count for later failures', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { sent, fetchImpl } = server(crumbFail('fresh'), reply(500, {}), reply(200, { ok: 1 }));
    const result = dataRequest({ url: '/api/thing', method: 'POST', retries: 1, fetchImpl });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(result).resolves.toMatchObject({ status: 200, data: { ok: 1 } });
    expect(sent).toHaveLength(3);
  });
});

describe('request bodies', () => {
  // covers 000-7.25
  it('sends JSON with Content-Type application/json when json is set', async () => {
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/thing', method: 'PUT', json: true, data: { a: 1, nested: { b: [2] } }, fetchImpl });
    const request = onTheWire(sent[0]!);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ a: 1, nested: { b: [2] } });
  });

  // covers 000-7.25
  it('sends a JSON array (the error reporter’s payload)', async () => {
    const { sent, fetchImpl } = server(reply(200, {}));
    const reports = [{ event: 'error', data: { message: 'x' }, timestamp: 1 }];
    await dataRequest({ url: '/api/events/RecordJavascriptErrors', method: 'POST', json: true, data: reports, fetchImpl });
    expect(await onTheWire(sent[0]!).json()).toEqual(reports);
  });

  it('form-encodes an object, nested values as JSON text and undefined left out', async () => {
    const { sent, fetchImpl } = server(reply(200, {}));
    const data = { widgetJSON: { type: 1, id: 'b1' }, collectionId: 'c9', count: 2, skipped: undefined };
    await dataRequest({ url: '/api/widget/GetWidgetRendering', method: 'POST', data, fetchImpl });
    const request = onTheWire(sent[0]!);
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    const form = new URLSearchParams(await request.text());
    expect([...form]).toEqual([
      ['widgetJSON', '{"type":1,"id":"b1"}'],
      ['collectionId', 'c9'],
      ['count', '2'],
    ]);
  });

  it('sends FormData as multipart, and as JSON when json is set', async () => {
    const form = new FormData();
    form.append('email', 'a@b.co');
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/thing', method: 'POST', data: form, fetchImpl });
    await dataRequest({ url: '/api/thing', method: 'POST', data: form, json: true, fetchImpl });
    expect(onTheWire(sent[0]!).headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await onTheWire(sent[1]!).json()).toEqual({ email: 'a@b.co' });
  });

  it('puts GET data in the query string', async () => {
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ url: '/api/search?q=a', data: new URLSearchParams({ page: '2' }), fetchImpl });
    expect(sent[0]?.url.search).toBe('?q=a&page=2');
    expect(sent[0]?.init.body).toBeUndefined();
  });
});

describe('credentials', () => {
  const credentialsFor = async (opts: Omit<DataRequestOptions, 'fetchImpl'>) => {
    cookies.set('crumb', 'abc123');
    const { sent, fetchImpl } = server(reply(200, {}));
    await dataRequest({ ...opts, fetchImpl });
    return { credentials: sent[0]?.init.credentials, crumb: sent[0]?.url.searchParams.get('crumb') };
  };

  beforeEach(() => {
    vi.stubGlobal('location', { href: `${PAGE}/cart`, origin: PAGE });
  });

  // covers 000-7.26
  it('includes credentials for a secure endpoint on another host than the page', async () => {
    const url = 'https://secure.platform.example/api/commerce/checkout';
    expect(await credentialsFor({ url, method: 'POST', secure: true })).toEqual({ credentials: 'include', crumb: 'abc123' });
  });

  // covers 000-7.26
  it('stays same-origin for a secure endpoint on the page’s own host, and for non-secure calls', async () => {
    expect(await credentialsFor({ url: '/api/commerce/checkout', secure: true })).toMatchObject({ credentials: 'same-origin' });
    expect(await credentialsFor({ url: `${PAGE}/api/x`, secure: true })).toMatchObject({ credentials: 'same-origin' });
    expect(await credentialsFor({ url: 'https://other.example/api/x' })).toMatchObject({ credentials: 'same-origin' });
  });

  it('keeps the crumb off a non-secure call to another origin', async () => {
    expect(await credentialsFor({ url: 'https://other.example/hook', method: 'POST' })).toEqual({
      credentials: 'same-origin',
      crumb: null,
    });
  });
});

describe('answers', () => {
  // covers 000-7.28
  it('a 204 gives an empty body, not a parse error', async () => {
    const { fetchImpl } = server(reply(204));
    await expect(dataRequest({ url: '/api/thing', method: 'DELETE', fetchImpl })).resolves.toEqual({
      ok: true,
      status: 204,
      data: {},
    });
  });

  // covers 000-8.04, 000-8.05, 000-8.06, 000-8.07
  it.each([
    [401, 'Unauthorized request'],
    [403, 'Unauthorized request'],
    [500, 'Internal server error. Please try again later.'],
    [501, 'Internal server error. Please try again later.'],
    [503, 'This service is temporarily unavailable. Please try again later.'],
    [404, 'Unable to connect…'],
    [502, 'Unable to connect…'],
  ])('HTTP %i rejects with %j', async (status, text) => {
    const { sent, fetchImpl } = server(reply(status, '<html>proxy page</html>'));
    const error = await dataRequest({ url: '/api/thing', fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataRequestError);
    expect(error).toMatchObject({ status, message: text, url: '/api/thing' });
    expect(sent).toHaveLength(1);
  });

  // covers 000-8.07
  it('a network failure rejects with the connect text and status 0', async () => {
    const { fetchImpl } = server(networkDown);
    const error = await dataRequest({ url: '/api/thing', fetchImpl }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'Unable to connect…', cause: new TypeError('fetch failed') });
  });

  // covers 000-8.08
  it('an unparseable success names the url (without the crumb) and the parser message', async () => {
    let parserMessage = '';
    try {
      JSON.parse('not json');
    } catch (e) {
      parserMessage = (e as SyntaxError).message;
    }
    cookies.set('crumb', 'secret');
    const { fetchImpl } = server(reply(200, 'not json'));
    const error = await dataRequest({ url: '/api/widget/GetWidgetRendering', method: 'POST', fetchImpl }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 200,
      message: `Internal Error: Unable to parse server response from (/api/widget/GetWidgetRendering) as JSON: ${parserMessage}`,
    });
  });

  // covers 000-7.27
  it('a failure carries the body fields: error, message, billingErrorCode and the errors map', async () => {
    const body = {
      error: 'Invalid',
      message: 'Check the form',
      billingErrorCode: 12,
      errors: { email: 'Email is not valid.' },
    };
    const { fetchImpl } = server(reply(400, body));
    const error = await dataRequest({ url: '/api/form/SaveFormSubmission', method: 'POST', fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataRequestError);
    expect(error).toMatchObject({ status: 400, message: 'Unable to connect…', body });
  });
});

describe('retries', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
  });

  // covers 000-7.29
  it('sends a failed request again 200 ms later when a retry count is set, not before', async () => {
    const { sent, fetchImpl } = server(reply(500, {}), reply(200, { done: true }));
    const result = dataRequest({ url: '/api/thing', retries: 1, fetchImpl });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await expect(result).resolves.toEqual({ ok: true, status: 200, data: { done: true } });
    expect(RETRY_DELAY_MS).toBe(200);
  });

  // covers 000-7.29
  it('retries: n sends at most n more times, then rejects with the last status text', async () => {
    const { sent, fetchImpl } = server(networkDown, reply(502, {}), reply(503, {}), reply(200, {}));
    const outcome = expect(dataRequest({ url: '/api/thing', retries: 2, fetchImpl })).rejects.toMatchObject({
      status: 503,
      message: 'This service is temporarily unavailable. Please try again later.',
    });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);
    await outcome;
    expect(sent).toHaveLength(3);
  });

  // covers 000-7.29
  it('without a retry count a failure is final', async () => {
    const { sent, fetchImpl } = server(reply(500, {}), reply(200, {}));
    const outcome = expect(dataRequest({ url: '/api/thing', fetchImpl })).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);
    await outcome;
    expect(sent).toHaveLength(1);
  });
});

describe('events on window', () => {
  const listen = (type: string) => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const details: unknown[] = [];
    target.addEventListener(type, (event) => details.push((event as CustomEvent).detail));
    return details;
  };

  // covers 000-8.02
  it('loginRequired dispatches login-required with the answer, rejects, and is not retried', async () => {
    const details = listen(LOGIN_REQUIRED_EVENT);
    expect(LOGIN_REQUIRED_EVENT).toBe('login-required');
    const body = { loginRequired: true, message: 'Please log in' };
    const { sent, fetchImpl } = server(reply(401, body));
    const error = await dataRequest({ url: '/api/account', retries: 2, fetchImpl }).catch((e: unknown) => e);
    expect(details).toEqual([body]);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized request', body });
    expect(sent).toHaveLength(1);
  });

  it('authorizationFail dispatches system-error with a message for the panel', async () => {
    const details = listen(SYSTEM_ERROR_EVENT);
    expect(SYSTEM_ERROR_EVENT).toBe('system-error');
    const { sent, fetchImpl } = server(reply(403, { authorizationFail: true, error: 'Not allowed here' }));
    const error = await dataRequest({ url: '/api/labs/internal', retries: 2, fetchImpl }).catch((e: unknown) => e);
    expect(details).toEqual([
      { message: 'Not allowed here', url: '/api/labs/internal', status: 403, body: { authorizationFail: true, error: 'Not allowed here' } },
    ]);
    expect(error).toMatchObject({ status: 403, message: 'Unauthorized request' });
    expect(sent).toHaveLength(1);
  });

  it('authorizationFail without error text gives the panel the status text', async () => {
    const details = listen(SYSTEM_ERROR_EVENT);
    const { fetchImpl } = server(reply(403, { authorizationFail: true }));
    await dataRequest({ url: '/api/labs/internal', fetchImpl }).catch(() => undefined);
    expect(details).toMatchObject([{ message: 'Unauthorized request' }]);
  });
});
