/**
 * The guarded request every outgoing call to a host a site names goes through (webhooks, video
 * lookups, place search): refused targets, the answer's size cap (failing or cut short), the time
 * limit and an answer that ends early, each as its own reason, against local servers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedRequest, OutgoingError, type GuardedRequest } from './outgoing';

const purpose = { refused: 'Lookup refused:', allowWith: 'OUTGOING_ALLOW_PRIVATE=true' };
const allowed = { allowPrivate: true };
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/big') return void res.end(Buffer.alloc(10_000, 'x'));
    if (req.url === '/silent') return;
    if (req.url === '/cut') {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      return void setImmediate(() => res.destroy());
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(201, 'Made', { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, length: req.headers['content-length'], got: Buffer.concat(chunks).toString() }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = (path: string, request: Partial<GuardedRequest> = {}, policy = allowed) =>
  guardedRequest(new URL(path, base), policy, purpose, { timeoutMs: 2_000, maxBytes: 1_000, ...request });
const reason = async (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: unknown) => (err instanceof OutgoingError ? err.reason : `other: ${String(err)}`),
  );

describe('a guarded request', () => {
  it('sends the body with its length and answers the status, content type and body', async () => {
    const answer = await send('/echo', { method: 'POST', body: Buffer.from('hello') });
    expect(answer).toMatchObject({ status: 201, statusMessage: 'Made', contentType: 'application/json' });
    expect(JSON.parse(answer.body.toString())).toEqual({ method: 'POST', length: '5', got: 'hello' });
  });

  it('refuses a loopback target unless private targets are allowed, and schemes other than http and https', async () => {
    const refused = send('/echo', {}, { allowPrivate: false });
    await expect(refused).rejects.toThrow(/^Lookup refused: 127\.0\.0\.1 is not a public address\. An operator can allow/);
    expect(await reason(send('/echo', {}, { allowPrivate: false }))).toBe('refused');
    expect(await reason(guardedRequest(new URL('ftp://example.com/'), allowed, purpose, { timeoutMs: 100, maxBytes: 10 }))).toBe('refused');
  });

  it('fails an answer over the cap, or keeps its first bytes when asked to cut it short', async () => {
    expect(await reason(send('/big'))).toBe('tooLarge');
    const cut = await send('/big', { truncate: true });
    expect(cut.status).toBe(200);
    expect(cut.body.length).toBe(1_000);
  });

  it('gives up after the time limit, and tells an answer that ended early', async () => {
    expect(await reason(send('/silent', { timeoutMs: 150 }))).toBe('timeout');
    expect(await reason(send('/cut'))).toBe('ended');
    expect(await reason(guardedRequest(new URL('http://127.0.0.1:1/'), allowed, purpose, { timeoutMs: 1_000, maxBytes: 10 }))).toBe('unreachable');
  });
});
