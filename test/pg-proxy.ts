/**
 * A TCP proxy in front of PostgreSQL that reads what the app sends (the frontend protocol's
 * messages) and can cut a connection at the moment a transaction that wrote to given tables asks
 * to COMMIT: the COMMIT never reaches the server, which rolls the transaction back when the
 * connection drops. What was written is then not stored, and the app must not have acknowledged it.
 */
import net, { type AddressInfo } from 'node:net';

export type PgProxy = {
  /** The database URL through the proxy. */
  url: string;
  /** While set, every COMMIT of a transaction that wrote one of these tables cuts its connection. */
  cutCommitsWriting(tables: readonly string[] | undefined): void;
  /** COMMITs cut so far. */
  readonly cut: number;
  close(): Promise<void>;
};

/** The query text of a simple Query ('Q') or Parse ('P') message, if it is one. */
function queryText(type: number, body: Buffer): string | undefined {
  if (type === 0x51) return body.toString('utf8', 0, body.indexOf(0));
  if (type === 0x50) {
    const nameEnd = body.indexOf(0);
    return body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1));
  }
  return undefined;
}

export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  let cutting: readonly string[] | undefined;
  let cut = 0;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('close', drop);
    client.on('close', drop);

    let pending = Buffer.alloc(0);
    let started = false;
    let wrote = false;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The startup message has no type byte; every later one does.
        const head = started ? 1 : 0;
        if (pending.length < head + 4) return;
        const size = head + pending.readInt32BE(head);
        if (pending.length < size) return;
        const message = pending.subarray(0, size);
        pending = pending.subarray(size);
        if (!started) {
          // An SSL or GSS request is answered 'N' by the server and followed by the real startup message.
          const code = message.readInt32BE(4);
          started = code !== 80877103 && code !== 80877104;
          upstream.write(message);
          continue;
        }
        const text = queryText(message[0]!, message.subarray(5));
        if (text !== undefined) {
          const sql = text.trim().toLowerCase();
          if (cutting?.some((table) => sql.includes(`insert into "${table}"`) || sql.includes(`insert into ${table}`))) wrote = true;
          if (/^(commit|end)\b/.test(sql)) {
            const cutNow = wrote && cutting !== undefined;
            wrote = false;
            if (cutNow) {
              cut += 1;
              drop();
              return;
            }
          } else if (/^rollback\b/.test(sql)) wrote = false;
        }
        upstream.write(message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    cutCommitsWriting(tables) {
      cutting = tables;
    },
    get cut() {
      return cut;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
