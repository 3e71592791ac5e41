/**
 * Both ends of `site_changed`. `markSiteChanged` is the one way a change to what a site's pages
 * show is recorded: in the changing transaction, the site row takes the change's own columns, a
 * new `updated_at` and the next content version, and `site_changed` is notified (PostgreSQL
 * delivers it on commit, never for a rolled-back change). `listenForSiteChanges` hears it on every
 * app server, which drops that site's cached pages and host lookups. The listener has a dedicated,
 * unpooled connection, re-opened with backoff when it drops; on every (re)connect all caches are
 * cleared, because notifications sent while it was down are lost.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from '../../../db/client';
import { websites } from './schema/sites';

export const SITE_CHANGED_CHANNEL = 'site_changed';

/** Columns of the site row a change may write with the bump (values or SQL); the version and time are set here. */
export type SiteRowChanges = Omit<PgUpdateSetSource<typeof websites>, 'id' | 'contentVersion' | 'updatedAt' | 'createdAt'>;

export async function markSiteChanged(tx: Executor, websiteId: string, changes: SiteRowChanges = {}): Promise<void> {
  await tx
    .update(websites)
    .set({ ...changes, updatedAt: new Date(), contentVersion: sql`${websites.contentVersion} + 1` })
    .where(eq(websites.id, websiteId));
  await tx.execute(sql`SELECT pg_notify(${SITE_CHANGED_CHANNEL}, ${websiteId})`);
}

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
