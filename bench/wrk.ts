/**
 * wrk's and nginx's view of the cached page (rows of `npm run bench` when both are installed:
 * `apt-get install wrk nginx-light`). wrk runs one thread with 50 connections, sending the
 * browser's Accept-Encoding; nginx serves the same bytes from a file with one worker process,
 * as the app and the bare Node server are one process each.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const WRK_CONNECTIONS = 50;

/** The path of a program on PATH (or in /usr/sbin for nginx), or undefined. */
export function installed(program: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin']) {
    const candidate = path.join(dir, program);
    if (spawnSync('test', ['-x', candidate]).status === 0) return candidate;
  }
  return undefined;
}

export type WrkResult = { rps: number; p50: number; p99: number; errors: number };

/** wrk -t1 -c50 for `seconds` with the given headers; latencies in milliseconds. */
export function wrk(url: string, seconds: number, headers: Record<string, string>): WrkResult {
  const args = ['-t1', `-c${WRK_CONNECTIONS}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const run = spawnSync(installed('wrk')!, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const ms = (label: string) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0);
  return { rps, p50: ms('50'), p99: ms('99'), errors };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** nginx serving `body` (already encoded with `encoding`) at / on a free port, one worker process. */
export async function startNginx(dir: string, body: Buffer, contentType: string, encoding: string | undefined): Promise<{ port: number; child: ChildProcess }> {
  await mkdir(path.join(dir, 'www'), { recursive: true });
  await writeFile(path.join(dir, 'www', 'index.html'), body);
  const port = await freePort();
  const conf = `
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location = / {
      default_type "${contentType}";
      ${encoding ? `add_header Content-Encoding ${encoding};\n      add_header Vary Accept-Encoding;` : ''}
      try_files /index.html =404;
    }
  }
}`;
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(installed('nginx')!, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, child };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not start (see ${dir}/error.log)`);
}
