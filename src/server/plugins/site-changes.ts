/**
 * Listens for `site_changed` on a dedicated, unpooled connection and tells the caches. The
 * connection is re-opened with backoff when it drops; on every (re)connect all caches are cleared,
 * because notifications sent while it was down are lost.
 */
import pg from 'pg';
import { SITE_CHANGED_CHANNEL } from '../services/site-changes';

export type SiteChangeListener = { close(): Promise<void>; ready: Promise<void> };

export function listenForSiteChanges(url: string, onChange: (websiteId: string) => void, onReset: () => void): SiteChangeListener {
  let client: pg.Client | undefined;
  let closed = false;
  let delay = 100;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === SITE_CHANGED_CHANNEL && msg.payload) onChange(msg.payload);
    });
    let retried = false;
    const retry = () => {
      if (closed || retried) return;
      retried = true;
      client = undefined;
      setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 5000);
    };
    c.on('error', retry);
    c.on('end', retry);
    try {
      await c.connect();
      await c.query(`LISTEN ${SITE_CHANGED_CHANNEL}`);
      client = c;
      delay = 100;
      onReset();
      markReady();
    } catch {
      retry();
      await c.end().catch(() => undefined);
    }
  };
  void connect();
  return {
    ready,
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
