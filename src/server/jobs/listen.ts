/**
 * A LISTEN held on a dedicated, unpooled connection (a pooled one goes back to other queries and
 * takes the LISTEN with it), re-opened with backoff when it drops. `onConnect` runs on every
 * (re)connect: notifications sent while the connection was down are lost, so the caller catches up.
 */
import pg from 'pg';

export type Listener = { close(): Promise<void> };

export function listen(url: string, channel: string, on: { notify(): void; connect(): void; log(line: string): void }): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let delay = 100;
  let retryTimer: NodeJS.Timeout | undefined;
  let opening: Promise<void> | undefined;

  const open = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) on.notify();
    });
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === c) client = undefined;
      void c.end().catch(() => undefined);
      if (closed) return;
      on.log(`LISTEN ${channel}: connection lost${err ? ` (${err.message})` : ''}; reconnecting in ${delay} ms`);
      retryTimer = setTimeout(() => (opening = open()), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    c.on('error', drop);
    c.on('end', () => drop());
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (err) {
      drop(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    // close() may have been called while this connection was opening.
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 100;
    on.connect();
  };
  opening = open();

  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await opening;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
