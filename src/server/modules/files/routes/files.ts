/**
 * Site files. Visitors: `/s/{name}` (seed 000 §2 file link shape) is a file, with `?format={width}w`
 * (seed 001 §5: the size in the query string) an image at one of the seed's widths (001 §9);
 * `/s/{hash}/{name}` is the same under the first 16 hex digits of its SHA-256, and
 * `/s/{hash}/{name}.webp` and `.avif` the pipeline's copies in those formats. A hash that is not the
 * file's current one leads (302) to the current address. Hashed addresses are cached for a year
 * (`immutable`) once the copy asked for exists. Every answer carries an entity tag and answers a
 * single byte range (video).
 *
 * Visitors never get an image's original bytes (camera data, location): an image is always one of
 * the pipeline's copies, upright and stripped, at most its own size; a copy not made yet is made
 * for the request (services/file-copies.ts). Other files (PDF, SVG, video, audio) are sent as they
 * are. A file named only by members or password pages goes only to visitors who may open one of
 * them (services/file-audience.ts), privately; anyone else gets the answer of a missing file.
 *
 * Owners: the asset library's calls under /api/config/files (area `pages`): list and search (with
 * the space the site's files take, of its SITE_STORAGE_MB), upload (the file's bytes as the body,
 * `application/octet-stream`, its name in `X-File-Name`; refused with 413 past the site's space),
 * replace, rename, alt text and focal point, uses, delete, and the original as uploaded (a download).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { IMAGE_WIDTHS } from '../../../../domain/media';
import { siteFilesText } from '../../../../messages/site-files';
import type { BlobStore } from '../../../blobs/store';
import type { VariantFormat } from '../images/image-pipeline';
import { hasImageVariants } from '../images/sniff';
import { copyOnDemand, ownCopyFormat } from '../file-copies';
import { fileGates, mayOpenOneOf } from '../../content';
import type { WebsiteRow } from '../../sites';
import { configRoute } from '../../accounts';
import {
  deleteFile,
  fileById,
  fileBytes,
  FileRefusal,
  fileSize,
  fileUses,
  fileVariantsAt,
  libraryFile,
  listFiles,
  siteFile,
  updateFileDetails,
  type FileRow,
} from '../site-files';
import { replaceFile, type UploadDeps } from '../uploads';
import { uploadFile } from '../operations/upload-file';
import { acceptUploads, uploadOf } from '../upload-body';
import { storageUsed } from '../../sites';

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
/** A file for some visitors only: kept by their own browser alone, and asked again each time (their access may end). */
const RESTRICTED = 'private, no-cache';
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

/** A file's own bytes, as stored. */
const originalOf = (store: BlobStore, file: FileRow, cache: string): Sent => ({
  contentType: file.contentType,
  size: fileSize(file),
  etag: `"${(file.sha256 ?? `${file.id}-${fileSize(file)}`).slice(0, 27)}"`,
  cache,
  open: (range) => fileBytes(store, file, range),
});

export async function registerFileRoutes(app: FastifyInstance, db: Db, store: BlobStore) {
  const original = (file: FileRow, cache: string) => originalOf(store, file, cache);
  /**
   * What a visitor gets of an image: the pipeline's copy at `width` (its own when not given or not
   * smaller) in `format` (its own when not given), or, until the pipeline has made it, one made
   * now, with the short cache. Never the original; undefined when the image cannot be read.
   */
  const copyOf = async (file: FileRow, width: number | undefined, format: VariantFormat | undefined, cache: string): Promise<Sent | undefined> => {
    if (file.status === 'failed') return undefined;
    const target = file.width === null ? width : width !== undefined && width < file.width ? width : file.width;
    const stamp = (file.sha256 ?? file.id).slice(0, 16);
    if (target !== undefined) {
      const made = await fileVariantsAt(db, file.websiteId, file.id, target);
      const formats = made.map((v) => v.format as VariantFormat);
      const wanted = format && formats.includes(format) ? format : ownCopyFormat(file.contentType, formats);
      const variant = made.find((v) => v.format === wanted);
      if (variant) {
        return {
          contentType: variant.contentType,
          size: variant.size,
          etag: `"${stamp}-${variant.width}-${variant.format}"`,
          // A format asked for that the image has no copy in (AVIF of an animation) is answered in its own, not kept under that address.
          cache: format && variant.format !== format && cache === IMMUTABLE ? SHORT_CACHE : cache,
          open: (range) => store.get({ websiteId: file.websiteId, path: variant.blobPath }, range),
        };
      }
    }
    const copy = await copyOnDemand(store, file, target, format);
    if (!copy) return undefined;
    return {
      contentType: copy.contentType,
      size: copy.data.length,
      etag: `"${stamp}-${copy.width}-${copy.format}-now"`,
      cache: cache === IMMUTABLE ? SHORT_CACHE : cache,
      open: async (range) => Readable.from([range ? copy.data.subarray(range.start, range.end + 1) : copy.data]),
    };
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

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

  /**
   * Whether this visitor may get the file (file-audience.ts), and if so whether it is for some
   * visitors only (then kept by their browser alone and asked again each time): undefined, answered
   * as a file that does not exist, when not.
   */
  const audience = async (req: FastifyRequest, site: WebsiteRow, file: FileRow): Promise<'everyone' | 'some' | undefined> => {
    const gates = await fileGates(db, app.siteContent, site, file.name);
    if (gates.length === 0) return 'everyone';
    return (await mayOpenOneOf(db, app.pageUnlocks, req, site, gates)) ? 'some' : undefined;
  };

  app.get<{ Params: { name: string } }>('/s/:name', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return notFound(reply);
    const width = widthOf(reply, req.query);
    if (width === null) return reply;
    const file = await siteFile(db, site.id, req.params.name);
    const who = file && (await audience(req, site, file));
    if (!file || !who) return notFound(reply);
    const cache = who === 'some' ? RESTRICTED : SHORT_CACHE;
    if (!hasImageVariants(file.contentType)) return send(req, reply, original(file, cache));
    // An image as its copy: upright, without the camera's data (location, model) the upload carried.
    const sent = await copyOf(file, width, undefined, cache);
    return sent ? send(req, reply, sent) : notFound(reply);
  });

  app.get<{ Params: { hash: string; name: string } }>('/s/:hash/:name', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site || !/^[0-9a-f]{16}$/.test(req.params.hash)) return notFound(reply);
    const width = widthOf(reply, req.query);
    if (width === null) return reply;
    let variantFormat: VariantFormat | undefined;
    let file = await siteFile(db, site.id, req.params.name);
    const ext = req.params.name.slice(req.params.name.lastIndexOf('.') + 1);
    if (!file && MODERN.has(ext)) {
      variantFormat = ext as VariantFormat;
      file = await siteFile(db, site.id, req.params.name.slice(0, -(ext.length + 1)));
    }
    const who = file && (await audience(req, site, file));
    if (!file || !who) return notFound(reply);
    const current = file.sha256?.slice(0, 16);
    if (current !== req.params.hash) {
      // An address of bytes the file no longer has (a page cached before a replacement) leads to its current one.
      if (!current) return notFound(reply);
      return reply
        .code(302)
        .header('cache-control', who === 'some' ? RESTRICTED : SHORT_CACHE)
        .header('location', `/s/${current}/${req.params.name}${width === undefined ? '' : `?format=${width}w`}`)
        .send();
    }
    const cache = who === 'some' ? RESTRICTED : IMMUTABLE;
    if (!hasImageVariants(file.contentType)) return send(req, reply, original(file, cache));
    const sent = await copyOf(file, width, variantFormat, cache);
    return sent ? send(req, reply, sent) : notFound(reply);
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

  /** A read call about one file of the library, by its id: 404 when the site has no such file. */
  const fileRead = (url: string, answer: (file: FileRow, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    configRoute(app, db, {
      method: 'GET',
      url,
      area: 'pages',
      access: 'read',
      handler: async ({ site, req, reply }) => {
        const params = fileParams.safeParse(req.params);
        const file = params.success ? await fileById(db, site.id, params.data.fileId) : undefined;
        if (!file) return reply.code(404).send({ error: siteFilesText.noSuchFile });
        return answer(file, req, reply);
      },
    });

  fileRead('/api/config/files/:fileId/uses', async (file) => ({ uses: await fileUses(db, file.websiteId, file.name) }));

  // The original as uploaded, camera data and all: for the team that may read the library, never a visitor.
  fileRead('/api/config/files/:fileId/original', async (file, req, reply) => {
    reply.header('content-disposition', `attachment; filename="${file.name}"`);
    return send(req, reply, originalOf(store, file, 'private, no-store'));
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
    acceptUploads(scope);
    const receive =
      (replacing: boolean) =>
      async ({ site, account, req, reply }: { site: { id: string }; account: { id: string }; req: FastifyRequest; reply: FastifyReply }) => {
        try {
          const upload = uploadOf(req);
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
