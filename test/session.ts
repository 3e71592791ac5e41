/** Signing in through the real calls, for integration tests: a crumb from a page view, then Login. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Client = {
  cookies: Map<string, string>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    opts?: { crumb?: boolean; remoteAddress?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
};

function absorb(jar: Map<string, string>, res: LightMyRequestResponse) {
  for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
}

/** A browser of its own: a cookie jar, and `headers` (such as its User-Agent) sent with every call. */
export async function client(app: FastifyInstance, host = 'localhost', headers: Record<string, string> = {}): Promise<Client> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await app.inject({ method: 'GET', url: '/', headers: { ...headers, host } });
  absorb(jar, first);
  expect(jar.get('crumb')).toBeTruthy();
  return {
    cookies: jar,
    async call(method, url, body, opts) {
      const sent: Record<string, string> = { ...headers, ...opts?.headers, host, cookie: cookieHeader() };
      if (opts?.crumb !== false && method !== 'GET') sent['x-csrf-token'] = jar.get('crumb') ?? '';
      const res = await app.inject({
        method,
        url,
        headers: sent,
        ...(opts?.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      absorb(jar, res);
      return res;
    },
  };
}

export async function signedIn(
  app: FastifyInstance,
  email: string,
  password: string,
  host = 'localhost',
  headers: Record<string, string> = {},
): Promise<Client> {
  const c = await client(app, host, headers);
  const res = await c.call('POST', '/api/auth/Login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}
