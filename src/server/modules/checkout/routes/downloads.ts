/**
 * `GET /downloads/{token}`: a digital product's file from a signed link (../downloads.ts). The file
 * goes to this shopper alone: `private, no-store`, as an attachment, never sniffed or indexed. A
 * link that expired or whose order was cancelled answers 410, a forged or unknown one 404, each
 * with a short page that says what to do (never a stack).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../../../db/client';
import { escapeMarkup } from '../../../../domain/markup';
import { orderEmails } from '../../../../messages/order-emails';
import { siteSettings } from '../../sites';
import { openDownload } from '../downloads';

const PRIVATE = 'private, no-store';

/** RFC 6266: a plain ASCII name for old browsers, the name itself in UTF-8 beside it. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function refusal(reply: FastifyReply, status: 404 | 410, siteTitle: string) {
  const title = escapeMarkup(orderEmails.downloadGoneTitle);
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${title} — ${escapeMarkup(siteTitle)}</title></head><body><main><h1>${title}</h1><p>${escapeMarkup(orderEmails.downloadGone)}</p><p><a href="/">${escapeMarkup(siteTitle)}</a></p></main></body></html>`;
  return reply.code(status).header('cache-control', PRIVATE).type('text/html; charset=utf-8').send(html);
}

export function registerDownloadRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { token: string } }>('/downloads/:token', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).header('cache-control', PRIVATE).type('text/plain; charset=utf-8').send('Not found');
    const opened = await openDownload({ db, blobs: app.blobs }, site.id, req.params.token);
    if (opened === undefined || opened === 'gone') return refusal(reply, opened === 'gone' ? 410 : 404, siteSettings(site).title);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-disposition', attachment(opened.name))
      .header('x-content-type-options', 'nosniff')
      .header('x-robots-tag', 'noindex')
      .header('content-length', opened.size)
      .type(opened.contentType)
      .send(opened.body);
  });
}
