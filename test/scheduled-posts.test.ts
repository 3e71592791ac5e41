/**
 * Scheduled publishing end to end on the server side: two app servers on one database, a job
 * worker whose clock the test moves (WorkerOptions.now, and the handler's own `now`), a post
 * scheduled through the Blog screen's call. The post goes live at its time and not before, and
 * then both servers — whose cached blog list, post and sitemap were warm — serve it; a job left by
 * a rescheduled or unscheduled post publishes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { postAnswer, type PostSettingsInput } from '../src/contracts/blog';
import { connect } from '../src/db/client';
import { COLLECTION_TYPES } from '../src/domain/collection-types';
import { TEAM_ROLES } from '../src/domain/roles';
import { CONTENT_STATUSES } from '../src/domain/website';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { enqueue, startWorker, type Worker } from '../src/server/jobs/queue';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { wallClock } from '../src/server/modules/content/blog-posts';
import { SCHEDULED_POSTS_JOB, scheduledPostsHandler } from '../src/server/modules/content/scheduled-posts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { rawGet } from './raw-http';
import { signedIn, type Client } from './session';

const JOURNAL = '6d07c4afa0a17c2b77ed80a0';
const HOUR = 3_600_000;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let apps: FastifyInstance[] = [];
let worker: Worker;
let owner: Client;
let websiteId: string;
/** The worker's clock: the test moves it. */
let clock = new Date();
const start = Date.now();
const at = (hours: number) => new Date(start + hours * HOUR);

beforeAll(async () => {
  database = await freshDatabase();
  const doc = siteNamed('scheduled', 'Scheduled');
  doc.collections[0]!.type = COLLECTION_TYPES.BLOG;
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  await setRole(database.db, websiteId, await createAccount(database.db, 'owner@example.com', 'owner-password-123'), TEAM_ROLES.ADMIN);
  const other = connect(database.url, 2);
  apps = [
    await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true }),
    await buildApp({ database: other, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true }),
  ];
  apps[1]!.addHook('onClose', async () => other.close());
  await Promise.all(apps.map((a) => a.siteChanges.ready));
  await Promise.all(apps.map((a) => a.listen({ port: 0, host: '127.0.0.1' })));
  owner = await signedIn(apps[0]!, 'owner@example.com', 'owner-password-123');
  worker = startWorker(
    database,
    { [SCHEDULED_POSTS_JOB]: scheduledPostsHandler(database, { now: () => clock }) },
    { pollMs: 30, now: () => clock, log: () => undefined },
  );
});
afterAll(async () => {
  await worker?.stop();
  for (const a of apps) await a.close();
  await database?.drop();
});

const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
/** As a visitor gets it from that server (the cached-page path in front of the framework included). */
const visit = async (app: FastifyInstance, path: string) => {
  const res = await rawGet(portOf(app), path);
  return { status: res.status, body: res.body.toString() };
};

/** Schedules (or changes) a post through the Blog screen's call, at a time given in hours from the test's start. */
async function schedule(body: Omit<PostSettingsInput, 'status'> & { hours: number; status?: number }, id?: string) {
  const when = wallClock(at(body.hours), 'Europe/London');
  const { hours: _hours, ...rest } = body;
  const sent = { status: CONTENT_STATUSES.SCHEDULED, ...rest, publishDate: when.date, publishTime: when.time };
  const res = id ? await owner.call('PUT', `/api/config/posts/${id}`, sent) : await owner.call('POST', `/api/config/blogs/${JOURNAL}/posts`, sent);
  expect(res.statusCode, res.body).toBe(200);
  return postAnswer.parse(res.json()).post;
}

const statusOf = async (id: string) =>
  (await database.pool.query<{ status: number }>('SELECT status FROM collection_items WHERE id = $1', [id])).rows[0]!.status;
/** Jobs of the kind whose time has come by the clock and that are not finished yet. */
const dueJobsLeft = async () =>
  Number(
    (
      await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE kind = $1 AND run_at <= $2 AND status <> 'done'`, [
        SCHEDULED_POSTS_JOB,
        clock,
      ])
    ).rows[0]!.n,
  );
/** Lets the worker claim and run every job due by the clock. */
const workerCaughtUp = () => expect.poll(dueJobsLeft, { timeout: 5000, interval: 20 }).toBe(0);

describe('scheduled publishing', () => {
  it('publishes a post at its time, not before, and both app servers then serve it', async () => {
    const post = await schedule({ title: 'Summer opening', excerpt: 'Open every day in August.', hours: 2 });
    for (const app of apps) {
      // Warm each server's cache with the pages that must change.
      expect((await visit(app, '/journal')).body).not.toContain('Summer opening');
      expect((await visit(app, '/journal')).body).not.toContain('Summer opening');
      expect((await visit(app, post.path)).status).toBe(404);
      expect((await visit(app, '/sitemap.xml')).body).not.toContain(post.path);
    }
    clock = at(1);
    // A job due now proves the worker has looked at the queue at this time: the post's job, due
    // later, is left pending, and what ran finds nothing due.
    await enqueue(database.db, { websiteId, kind: SCHEDULED_POSTS_JOB, payload: {}, runAt: at(1) });
    await workerCaughtUp();
    const jobs = await database.pool.query<{ status: string; run_at: Date }>(`SELECT status, run_at FROM jobs WHERE kind = $1 ORDER BY run_at`, [
      SCHEDULED_POSTS_JOB,
    ]);
    expect(jobs.rows.map((j) => j.status)).toEqual(['done', 'pending']);
    expect(await statusOf(post.id)).toBe(CONTENT_STATUSES.SCHEDULED);
    clock = at(2.1);
    await workerCaughtUp();
    expect(await statusOf(post.id)).toBe(CONTENT_STATUSES.PUBLISHED);
    for (const app of apps) {
      await expect.poll(async () => (await visit(app, '/journal')).body, { timeout: 5000 }).toContain('Open every day in August.');
      expect((await visit(app, post.path)).body).toContain('<h1>Summer opening</h1>');
      expect((await visit(app, '/sitemap.xml')).body).toContain(`${post.path}</loc>`);
    }
  });

  it('does nothing at the old time of a post rescheduled or unscheduled since', async () => {
    const later = await schedule({ title: 'Moved on', hours: 3 });
    await schedule({ title: 'Moved on', hours: 5 }, later.id);
    const dropped = await schedule({ title: 'Not after all', hours: 3 });
    await schedule({ title: 'Not after all', hours: 4, status: CONTENT_STATUSES.DRAFT }, dropped.id);
    clock = at(3.1);
    await workerCaughtUp();
    expect(await statusOf(later.id)).toBe(CONTENT_STATUSES.SCHEDULED);
    expect(await statusOf(dropped.id)).toBe(CONTENT_STATUSES.DRAFT);
    for (const app of apps) expect((await visit(app, later.path)).status).toBe(404);
    clock = at(5.1);
    await workerCaughtUp();
    expect(await statusOf(later.id)).toBe(CONTENT_STATUSES.PUBLISHED);
    expect(await statusOf(dropped.id)).toBe(CONTENT_STATUSES.DRAFT);
    for (const app of apps) await expect.poll(async () => (await visit(app, later.path)).status, { timeout: 5000 }).toBe(200);
  });
});
