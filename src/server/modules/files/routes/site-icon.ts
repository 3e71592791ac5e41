/**
 * The site icon's addresses (src/domain/site-brand.ts): `/favicon.ico` and the PNG sizes pages
 * link, for every host: a site's own icon (Design → Header), else the default mark, also for a
 * host that names no site, so no first visit meets a 404. A linked address carries the icon's
 * version (`?v=`): the version that is current is cached for a year, any other gets the current
 * icon with a short cache, as `/s/{hash}/{name}` does. `/favicon.ico`, asked for by name, has the
 * short cache. An owner's icon that cannot be made (damaged bytes) answers the default mark.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../../db/client';
import { DEFAULT_ICON_VERSION, FAVICON_PATH, ICON_LINKS, ICON_VERSION_QUERY } from '../../../../domain/site-brand';
import type { BlobStore } from '../../../blobs/store';
import { ICON_SOURCE_TYPES } from '../images/image-pipeline';
import { DEFAULT_ICON_SOURCE, iconIco, iconPng, type IconAnswer, type IconSource } from '../images/site-icon';
import { fileBytes, siteFile } from '../site-files';
import { siteHeader } from '../../sites';

const SHORT_CACHE = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `version`: what the site's pages link now; `lasting`: whether that address always names these bytes. */
type Current = { source: IconSource; version: string; lasting: boolean };
const DEFAULT: Current = { source: DEFAULT_ICON_SOURCE, version: DEFAULT_ICON_VERSION, lasting: true };

async function bytesOf(read: Promise<Readable | undefined>): Promise<Buffer> {
  const body = await read;
  if (!body) throw new Error('the icon file is not in the blob store');
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function registerSiteIconRoutes(app: FastifyInstance, db: Db, store: BlobStore) {
  /** The icon the request's site shows now, and the version its pages link. */
  const current = async (req: FastifyRequest): Promise<Current> => {
    const site = await app.siteForRequest(req);
    const address = site ? siteHeader(site).icon : undefined;
    if (!site || !address) return DEFAULT;
    const file = await siteFile(db, site.id, address.slice('/s/'.length));
    if (!file || !(ICON_SOURCE_TYPES as readonly string[]).includes(file.contentType)) return DEFAULT;
    const read = () => bytesOf(fileBytes(store, file));
    if (file.sha256) return { source: { hash: file.sha256, bytes: read }, version: file.sha256.slice(0, 16), lasting: true };
    // A file stored before files had a hash: named by its bytes, read each time (pages link it as 'current').
    const bytes = await read();
    return { source: { hash: createHash('sha256').update(bytes).digest('hex'), bytes: async () => bytes }, version: 'current', lasting: false };
  };

  /** The icon made from the site's source, or the default mark when the owner's bytes cannot be made into one. */
  const made = async (req: FastifyRequest, make: (source: IconSource) => Promise<IconAnswer>): Promise<{ answer: IconAnswer; icon: Current }> => {
    const icon = await current(req);
    try {
      return { answer: await make(icon.source), icon };
    } catch (err) {
      if (icon.source === DEFAULT_ICON_SOURCE) throw err;
      req.log.warn({ err }, 'the site icon could not be made; the default mark answers');
      // Not for long: the owner may mend the file.
      return { answer: await make(DEFAULT_ICON_SOURCE), icon: { ...DEFAULT, lasting: false } };
    }
  };

  const send = (req: FastifyRequest, reply: FastifyReply, answer: IconAnswer, cache: string) => {
    reply.header('cache-control', cache).header('x-content-type-options', 'nosniff').header('etag', answer.etag);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) return reply.code(304).send();
    return reply.type(answer.contentType).header('content-length', answer.body.length).send(answer.body);
  };

  app.get(FAVICON_PATH, async (req, reply) => {
    const { answer } = await made(req, iconIco);
    return send(req, reply, answer, SHORT_CACHE);
  });

  for (const link of ICON_LINKS) {
    const opaque = link.rel === 'apple-touch-icon';
    app.get<{ Querystring: Record<string, string | string[] | undefined> }>(link.path, async (req, reply) => {
      const { answer, icon } = await made(req, (source) => iconPng(source, link.size, opaque));
      const asked = req.query[ICON_VERSION_QUERY];
      return send(req, reply, answer, icon.lasting && asked === icon.version ? IMMUTABLE : SHORT_CACHE);
    });
  }
}
