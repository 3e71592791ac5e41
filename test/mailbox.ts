/** A local SMTP server (smtp-server on 127.0.0.1) that keeps what it receives, for tests of outgoing mail. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { from: string; to: string[]; user: string | undefined; headers: Map<string, string>; body: string };
export type Mailbox = { port: number; received: Received[]; stop(): Promise<void> };

/** Splits a raw message into unfolded headers (names lowercased) and the body. */
export function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

export async function startMailbox(opts: { port?: number; received?: Received[]; login?: { user: string; pass: string } } = {}): Promise<Mailbox> {
  const received = opts.received ?? [];
  const login = opts.login;
  const server = new SMTPServer({
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !login,
    allowInsecureAuth: true,
    closeTimeout: 100,
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A mail's text as written. Long lines go out quoted-printable: join soft line breaks and decode =XX; short ones go out as they are. */
export function textOf(mail: Received): string {
  const body = mail.body;
  const qp = mail.headers.get('content-transfer-encoding')?.toLowerCase() === 'quoted-printable';
  return qp ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : body;
}

/** The token of the first `{origin}{path}?token=…` link in a mail's text. */
export function linkIn(mail: Received, path: string, origin = 'http://localhost'): string {
  const body = mail.body;
  const text = textOf(mail);
  const m = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${body}`);
  return m[1]!;
}

/** Waits (up to 10 s) for the count-th mail to an address and answers the newest. */
export async function mailFor(mailbox: Mailbox, address: string, count = 1): Promise<Received> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const to = mailbox.received.filter((m) => m.to.includes(address));
    if (to.length >= count) return to.at(-1)!;
    if (Date.now() > deadline) throw new Error(`${to.length} mail${to.length === 1 ? '' : 's'} to ${address} within 10 s, not ${count}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
