/**
 * Site files. Visitors: `/s/{name}` (seed 000 §2 file link shape) is a file's current bytes, with
 * `?format={width}w` (seed 001 §5: the size in the query string) an image at one of the seed's
 * widths (001 §9); `/s/{hash}/{name}` is the same under the first 16 hex digits of its SHA-256, and
 * `/s/{hash}/{name}.webp` and `.avif` the pipeline's copies in those formats. Hashed addresses are
 * cached for a year (`immutable`) once the copy asked for exists; until then, and whenever the hash
 * is not the file's current one, the original is sent with the short cache of `/s/{name}`. Every
 * answer carries an entity tag and answers a single byte range (video).
 *
 * Once an image's copies exist, `/s/{name}` sends its own-size copy, stripped of the camera's data.
 *
 * Owners: the asset library's calls under /api/config/files (area `pages`): list and search (with
 * the space the site's files take, of its SITE_STORAGE_MB), upload (the file's bytes as the body,
 * `application/octet-stream`, its name in `X-File-Name`; refused with 413 past the site's space),
 * replace, rename, alt text and focal point, uses, delete.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { IMAGE_WIDTHS } from '../../domain/media';
import { siteFilesText } from '../../messages/site-files';
import type { BlobStore } from '../blobs/store';
import { VARIANT_CONTENT_TYPES } from '../files/image-pipeline';
import { configRoute } from '../config-routes';
import {
  deleteFile,
  fileById,
  fileBytes,
  FileRefusal,
  fileSize,
  fileUses,
  fileVariant,
  libraryFile,
  listFiles,
  replaceFile,
  siteFile,
  updateFileDetails,
  uploadFile,
  type FileRow,
  type UploadDeps,
} from '../services/site-files';
import { storageUsed } from '../services/site-limits';

const query = z
  .object({
    format: z
      .string()
      .regex(/^\d{2,4}w$/, 'format must be a width such as 500w')
      .optional(),
  })
  .strict();
const SHORT_CACHE = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MODERN = new Set(['webp', 'avif']);

type Sent = { contentType: string; size: number; etag: string; cache: string; open: (range?: { start: number; end: number }) => Promise<Readable | undefined> };

/** One `bytes=` range of a `size`-byte body (several ranges get the whole body, as HTTP allows); 'unsatisfiable' when none of it exists. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');

async function send(req: FastifyRequest, reply: FastifyReply, sent: Sent) {
  reply.header('cache-control', sent.cache).header('x-content-type-options', 'nosniff').header('etag', sent.etag).header('accept-ranges', 'bytes');
  if (sent.contentType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (etagMatches(req.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  const range = byteRange(req.headers.range, sent.size);
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${sent.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable');
  const body = await sent.open(range);
  if (!body) return reply.code(404).type('text/plain').send('Not found');
  reply.type(sent.contentType);
  if (range)
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${sent.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body);
  reply.header('content-length', sent.size);
  return reply.send(body);
}

export async function registerFileRoutes(app: FastifyInstance, db: Db, store: BlobStore) {
  const original = (file: FileRow, cache: string): Sent => ({
    contentType: file.contentType,
    size: fileSize(file),
    etag: `"${(file.sha256 ?? `${file.id}-${fileSize(file)}`).slice(0, 27)}"`,
    cache,
    open: (range) => fileBytes(store, file, range),
  });

  /** The pipeline's copy at `width` in `format` (the original's own format when not given), or the original with the short cache. */
  const variantOr = async (file: FileRow, width: number | undefined, variantFormat: string | undefined, immutable: boolean): Promise<Sent> => {
    const ownFormat = file.contentType.split('/')[1]!.replace('jpg', 'jpeg');
    const target = width ?? file.width;
    if (target !== null && target !== undefined) {
      const variant = await fileVariant(db, file.websiteId, file.id, target, variantFormat ?? ownFormat);
      if (variant) {
        return {
          contentType: variant.contentType,
          size: variant.size,
          etag: `"${(file.sha256 ?? file.id).slice(0, 16)}-${variant.width}-${variant.format}"`,
          cache: immutable ? IMMUTABLE : SHORT_CACHE,
          open: (range) => store.get({ websiteId: file.websiteId, path: variant.blobPath }, range),
        };
      }
    }
    return original(file, SHORT_CACHE);
  };

  const widthOf = (reply: FastifyReply, raw: unknown): number | undefined | null => {
    const q = query.safeParse(raw);
    if (!q.success) {
      void reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(q.error.issues.map((i) => i.message).join('; '));
      return null;
    }
    if (!q.data.format) return undefined;
    const width = Number.parseInt(q.data.format, 10);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      void reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(`format must be one of ${IMAGE_WIDTHS.map((w) => `${w}w`).join(', ')}`);
      return null;
    }
    return width;
  };

  app.get<{ Params: { name: string } }>('/s/:name', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain').send('Not found');
    const width = widthOf(reply, req.query);
    if (width === null) return reply;
    const file = await siteFile(db, site.id, req.params.name);
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    if (!file.contentType.startsWith('image/') || file.contentType === 'image/svg+xml') return send(req, reply, original(file, SHORT_CACHE));
    // An image's own-size copy once it exists: upright, without the camera's data (location, model) the upload carried.
    return send(req, reply, await variantOr(file, width === undefined || (file.width !== null && width >= file.width) ? undefined : width, undefined, false));
  });

  app.get<{ Params: { hash: string; name: string } }>('/s/:hash/:name', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site || !/^[0-9a-f]{16}$/.test(req.params.hash)) return reply.code(404).type('text/plain').send('Not found');
    const width = widthOf(reply, req.query);
    if (width === null) return reply;
    let name = req.params.name;
    let variantFormat: string | undefined;
    let file = await siteFile(db, site.id, name);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    if (!file && MODERN.has(ext)) {
      name = name.slice(0, -(ext.length + 1));
      variantFormat = ext;
      file = await siteFile(db, site.id, name);
    }
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    const current = file.sha256?.slice(0, 16) === req.params.hash;
    if (!file.contentType.startsWith('image/') || (width !== undefined && file.width !== null && width >= file.width && !variantFormat)) {
      return send(req, reply, original(file, current ? IMMUTABLE : SHORT_CACHE));
    }
    const sent = await variantOr(file, width !== undefined && file.width !== null && width >= file.width ? file.width : width, variantFormat, current);
    if (variantFormat && sent.contentType !== VARIANT_CONTENT_TYPES[variantFormat as 'webp' | 'avif']) sent.cache = SHORT_CACHE;
    return send(req, reply, sent);
  });

  registerLibraryRoutes(app, db, store);
}

// ---- the asset library ----

const fileParams = z.object({ fileId: z.uuid('not a file id') });
const listQuery = z.object({ search: z.string().max(200).optional() }).strict();
const details = z
  .object({
    title: z.string().max(200, 'A file name is at most 200 characters.').optional(),
    alt: z.string().max(500, 'Alternative text is at most 500 characters.').optional(),
    focal: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

function refused(reply: FastifyReply, err: unknown) {
  if (!(err instanceof FileRefusal)) throw err;
  return reply.code(err.status).send({ error: err.message, ...(err.errors ? { errors: err.errors } : {}) });
}

/** The upload's name as the browser sent it (percent-encoded, so any name fits a header). */
function uploadName(req: FastifyRequest): string | undefined {
  const raw = req.headers['x-file-name'];
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    const name = decodeURIComponent(raw)
      .replace(/^.*[\\/]/, '')
      .trim();
    return name === '' ? undefined : name.slice(0, 255);
  } catch {
    return undefined;
  }
}

function registerLibraryRoutes(app: FastifyInstance, db: Db, store: BlobStore) {
  const deps: UploadDeps = { db, store, storageBytes: app.siteLimits.storageBytes };

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/files',
    area: 'pages',
    access: 'read',
    query: listQuery,
    handler: async ({ site, query }) => ({
      files: await listFiles(db, site.id, query.search),
      storage: { used: await storageUsed(db, site.id), quota: app.siteLimits.storageBytes },
    }),
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/files/:fileId/uses',
    area: 'pages',
    access: 'read',
    handler: async ({ site, req, reply }) => {
      const params = fileParams.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: siteFilesText.noSuchFile });
      const file = await fileById(db, site.id, params.data.fileId);
      if (!file) return reply.code(404).send({ error: siteFilesText.noSuchFile });
      return { uses: await fileUses(db, site.id, file.name) };
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/files/:fileId',
    area: 'pages',
    access: 'write',
    body: details,
    handler: async ({ site, account, req, reply, body }) => {
      const params = fileParams.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: siteFilesText.noSuchFile });
      try {
        return { file: await updateFileDetails(db, site.id, account.id, params.data.fileId, body) };
      } catch (err) {
        return refused(reply, err);
      }
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/config/files/:fileId',
    area: 'pages',
    access: 'write',
    handler: async ({ site, account, req, reply }) => {
      const params = fileParams.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: siteFilesText.noSuchFile });
      try {
        await deleteFile({ db, store }, site.id, account.id, params.data.fileId);
        return {};
      } catch (err) {
        return refused(reply, err);
      }
    },
  });

  // Uploads: the body is the file, streamed to the blob store as it arrives (never parsed or held whole).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    // An answer sent before the whole body arrived (a refusal) closes the connection rather than
    // reading the rest of a file nobody will keep.
    scope.addHook('onSend', async (req, reply) => {
      if (!req.raw.complete) reply.header('connection', 'close');
    });
    const receive =
      (replacing: boolean) =>
      async ({ site, account, req, reply }: { site: { id: string }; account: { id: string }; req: FastifyRequest; reply: FastifyReply }) => {
        const body = req.body as Readable | undefined;
        const fileName = uploadName(req);
        if (!body || typeof (body as Readable).pipe !== 'function') return reply.code(415).send({ error: siteFilesText.uploadNeedsName });
        if (!fileName) return reply.code(400).send({ error: siteFilesText.uploadNeedsName });
        const upload = { fileName, declaredType: typeof req.headers['x-file-type'] === 'string' ? req.headers['x-file-type'] : undefined, body };
        try {
          if (!replacing) return { file: libraryFile(await uploadFile(deps, site.id, account.id, upload), 0) };
          const params = fileParams.safeParse(req.params);
          if (!params.success) return reply.code(404).send({ error: siteFilesText.noSuchFile });
          const file = await replaceFile(deps, site.id, account.id, params.data.fileId, upload);
          return { file: libraryFile(file, new Set((await fileUses(db, site.id, file.name)).map((u) => `${u.kind} ${u.id}`)).size) };
        } catch (err) {
          return refused(reply, err);
        }
      };
    configRoute(scope, db, { method: 'POST', url: '/api/config/files', area: 'pages', access: 'write', handler: receive(false) });
    configRoute(scope, db, { method: 'PUT', url: '/api/config/files/:fileId/content', area: 'pages', access: 'write', handler: receive(true) });
  });
}
