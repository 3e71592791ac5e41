/**
 * A request to a listening test server, answered as sent: status, every header in order (repeats
 * kept), the body's bytes undecoded. On a connection of its own, closed after the answer, unless
 * `agent` (a keep-alive agent) keeps connections open between requests as browsers do.
 */
import { request, type Agent } from 'node:http';
import { connect } from 'node:net';

export type RawAnswer = { status: number; headers: [string, string][]; body: Buffer };

export function rawGet(port: number, path: string, opts: { method?: string; headers?: Record<string, string>; agent?: Agent } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { host: 'localhost', ...opts.headers }, agent: opts.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Requests written to one connection at once, before any answer (HTTP/1.1 pipelining), and their
 * answers in the order they came. Each answer must carry a Content-Length (a page's does).
 */
export function pipelined(port: number, requests: { path: string; headers?: Record<string, string> }[]): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const answers: RawAnswer[] = [];
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const [statusLine, ...lines] = pending.subarray(0, end).toString('latin1').split('\r\n');
        const headers = lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string]);
        const length = Number(headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        answers.push({ status: Number(statusLine!.split(' ')[1]), headers, body: pending.subarray(end + 4, end + 4 + length) });
        pending = pending.subarray(end + 4 + length);
        if (answers.length === requests.length) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (answers.length < requests.length) reject(new Error(`the connection closed after ${answers.length} of ${requests.length} answers`));
    });
    socket.write(
      requests
        .map(
          ({ path, headers = {} }) =>
            `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
              .map(([name, value]) => `${name}: ${value}\r\n`)
              .join('')}\r\n`,
        )
        .join(''),
    );
  });
}
