/**
 * The config area's page: one HTML shell for every /config/ address, which loads the React app.
 * Its CSP allows only this server's scripts and styles, and frames of this server (the preview).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClientAssets } from './assets';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerConfigShell(app: FastifyInstance, assets: ClientAssets) {
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    '<title>Config</title><meta name="robots" content="noindex"/>' +
    assets.config.styles.map((href) => `<link rel="stylesheet" href="${href}"/>`).join('') +
    `<script type="module" src="${assets.config.script}"></script></head><body><div id="root"></div></body></html>`;
  const send = async (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', CSP).send(html);
  app.get('/config', async (req, reply) =>
    reply
      .code(301)
      .header('location', `/config/${req.url.slice('/config'.length)}`)
      .send(),
  );
  app.get('/config/', send);
  app.get('/config/*', send);
}
