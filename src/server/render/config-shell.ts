/**
 * The config area's page: one HTML shell for every /config/ address, which loads the React app.
 * Its CSP allows only this server's scripts and styles, and frames of this server (the preview).
 * Images come from this server, `data:` and the map's tile server alone: the editor's canvas shows
 * what a team member wrote (a code block's images among it), and another member's browser opening
 * it must not call a server that member chose, which would learn who opened the page and when.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteSettings } from '../modules/sites';
import type { ClientAssets } from './assets';
import { escapeMarkup, SITE_TITLE_META } from '../../domain/markup';
import { mapTiles } from '../../blocks/map/tiles';

/** The origin of the tile server maps draw from, as a CSP source (a `{s}` subdomain is any subdomain). */
export function tileSource(template: string): string {
  const url = new URL(template.replace(/\{s\}/g, 'tiles-subdomain').replace(/\{[a-z]\}/g, '0'));
  return `${url.protocol}//${url.host.replace('tiles-subdomain', '*')}`;
}

const csp = () =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${tileSource(mapTiles().url)}`,
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export function registerConfigShell(app: FastifyInstance, assets: ClientAssets) {
  const head =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    '<meta name="robots" content="noindex"/>' +
    assets.config.styles.map((href) => `<link rel="stylesheet" href="${href}"/>`).join('') +
    `<script type="module" src="${assets.config.script}"></script>`;
  const tail = '</head><body><div id="root"></div></body></html>';
  const send = async (req: FastifyRequest, reply: FastifyReply) => {
    // The site's name in the tab and on the sign-in card: which site's config area this is.
    const site = await app.siteForRequest(req);
    const title = site ? siteSettings(site).title : '';
    const named = title
      ? `<title>${escapeMarkup(title)} · Config</title><meta name="${SITE_TITLE_META}" content="${escapeMarkup(title)}"/>`
      : '<title>Config</title>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp())
      .send(head + named + tail);
  };
  app.get('/config', async (req, reply) =>
    reply
      .code(301)
      .header('location', `/config/${req.url.slice('/config'.length)}`)
      .send(),
  );
  app.get('/config/', send);
  app.get('/config/*', send);
}
