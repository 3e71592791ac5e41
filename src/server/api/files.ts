/**
 * Site files at /s/{name} (seed 000 §2 file link shape). Images also answer `?format={width}w` for
 * the seed's image widths (001 §9), resized once and stored (services/site-files.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { IMAGE_WIDTHS } from '../../domain/media';
import { resizedImage, siteFile } from '../services/site-files';

const query = z.object({ format: z.string().regex(/^\d{2,4}w$/, 'format must be a width such as 500w').optional() }).strict();
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export async function registerFileRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { name: string } }>('/s/:name', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain').send('Not found');
    const q = query.safeParse(req.query);
    if (!q.success) return reply.code(400).type('text/plain; charset=utf-8').send(q.error.issues.map((i) => i.message).join('; '));
    const file = await siteFile(db, site.id, req.params.name);
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
    if (file.contentType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const width = q.data.format ? Number.parseInt(q.data.format, 10) : undefined;
    if (width === undefined || !RESIZABLE.has(file.contentType) || (file.width !== null && width >= file.width)) {
      return reply.type(file.contentType).send(file.data);
    }
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return reply.code(400).type('text/plain; charset=utf-8').send(`format must be one of ${IMAGE_WIDTHS.map((w) => `${w}w`).join(', ')}`);
    }
    const resized = await resizedImage(db, file, width);
    return reply.type(resized.contentType).send(resized.data);
  });
}
