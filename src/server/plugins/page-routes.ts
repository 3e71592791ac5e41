/**
 * Published pages: GET of any address not claimed by another route, answered from the page cache
 * when a page for the same host, path and visitor islands is stored (rendered once per change),
 * else rendered (render/site-page.tsx) and stored unless it is for one visitor. The customer
 * account pages, the newsletter pages and the cart page are rendered per request. Every page answer carries the
 * headers of http/headers.ts, its policy built from the page's own hashes.
 *
 * A stored page keeps its answer prepared (front/stored-answer.ts: headers, each coding, entity
 * tags), and an anonymous visitor's address is recorded beside it, so the next anonymous request
 * for that address is answered by the plain-Node path in front of the framework (front/front-path.ts)
 * with the same bytes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/client';
import { CART_PAGE_PATH } from '../../domain/cart-paths';
import type { PageAccess } from '../../document/schema';
import { PAGE_TYPES } from '../../domain/page-types';
import { sameOriginPath } from '../../domain/redirect-target';
import { ACCOUNT_PATHS, NEWSLETTER_PATHS, QUERY } from '../../domain/routes';
import { sendStored, storeAnswer } from '../front/stored-answer';
import { pageCsp, pageHeaders } from '../http/headers';
import type { CachedResponse } from '../render/cache';
import { ORDERS_BEFORE_QUERY, renderAccountPage } from '../render/account-pages';
import type { ClientAssets } from '../render/assets';
import { renderNewsletterPage } from '../render/newsletter-pages';
import { FEED_QUERY } from '../render/feed';
import { pageAccess, visitorIslands } from '../render/page-visitor';
import { renderSiteFeed, renderSitePath, renderSystemPage, shopPathOf, type SiteResponse } from '../render/site-page';
import { requestHost, requestOrigin } from '../request';
import { SESSION_COOKIE } from '../modules/accounts';
import { MEMBER_COOKIE } from '../modules/accounts';
import { accountOrders } from '../modules/orders';
import { moneyFormatOf, siteSettings } from '../modules/sites';
import { appPlugin } from './app-plugin';
import { answerCartPage } from './cart-page';
import { http } from '../../messages/http';

export const pageRoutesPlugin = appPlugin('page-routes', async (app, opts: { db: Db; database: Pick<Database, 'db' | 'pool'>; assets: ClientAssets }) => {
  const { db, assets } = opts;

  const sendHtml = (req: FastifyRequest, reply: FastifyReply, status: number, html: string, csp: string, personal = false) =>
    reply
      .code(status)
      .headers(pageHeaders(csp, personal, { secure: app.secureCookies(req) }))
      .send(html);

  // The account forms are sent by their island. One sent before the page's code ran (or with no
  // JavaScript) posts to its own address, so no field ever lands in an address or a log, and comes
  // back to the page with 303.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: 64 * 1024 }, (_req, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null));
    });
    scope.post(`${ACCOUNT_PATHS.HOME}/*`, async (req, reply) =>
      reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', sameOriginPath(req.url, requestOrigin(req)) ?? ACCOUNT_PATHS.HOME)
        .send(),
    );
  });

  app.get('/*', async (req, reply) => {
    // Taken before the site is looked up: a change after this point means the site row may be stale.
    const sitesBefore = app.siteGeneration();
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const [rawPath, query] = splitUrl(req.url);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      path = rawPath;
    }
    if (path.length > 1 && path.endsWith('/')) {
      // Leading slashes collapse too, so '//elsewhere.example/' stays on the site as '/elsewhere.example'.
      const canonical = `/${rawPath.replace(/^\/+/, '').replace(/\/+$/, '')}`;
      const location = sameOriginPath(query ? `${canonical}?${query}` : canonical, requestOrigin(req));
      if (location) return reply.code(301).header('location', location).send();
    }
    const params = new URLSearchParams(query);
    if (params.get(FEED_QUERY.name) === FEED_QUERY.value) {
      // A blog's feed; any other address asked for one is answered as the page it is.
      const feed = await renderSiteFeed(app.siteContent, site, { path, origin: requestOrigin(req) });
      if (feed !== undefined) return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(feed);
    }
    const { islands, visitor, member } = await visitorIslands(db, req, site, params);
    const info = {
      host: requestHost(req),
      origin: requestOrigin(req),
      path,
      pageIslands: islands,
      visitor,
      access: async (page: { id: string; access: PageAccess }) => pageAccess(app.pageUnlocks, req, member, page, site.id),
      catalogue: app.catalogue,
    };
    const tls = { tls: req.protocol === 'https' };
    if (path === ACCOUNT_PATHS.HOME || path.startsWith(`${ACCOUNT_PATHS.HOME}/`)) {
      // The signed-in customer's own orders, on their account page alone (personal: never cached).
      const before = Number(params.get(ORDERS_BEFORE_QUERY));
      const orders =
        path === ACCOUNT_PATHS.HOME && member
          ? {
              ...(await accountOrders(db, site.id, member.user.id, Number.isSafeInteger(before) && before > 0 ? before : undefined)),
              money: moneyFormatOf(site),
              timeZone: siteSettings(site).timeZone,
            }
          : undefined;
      const res = await renderAccountPage(
        app.siteContent,
        site,
        { ...info, query: params, shopPath: await shopPathOf(app.catalogue, site.id) },
        assets,
        member?.user,
        orders,
      );
      if (res?.kind === 'redirect') return reply.code(302).header('cache-control', 'no-store').header('location', res.location).send();
      if (res)
        return sendHtml(req, reply, res.status, res.page.html, pageCsp({ scriptHashes: res.page.scriptHashes, styleHashes: res.page.styleHashes }, tls), true);
    }
    if (path === NEWSLETTER_PATHS.HOME || path.startsWith(`${NEWSLETTER_PATHS.HOME}/`)) {
      const res = await renderNewsletterPage(app.siteContent, site, { ...info, query: params, shopPath: await shopPathOf(app.catalogue, site.id) }, assets);
      if (res?.kind === 'page')
        return sendHtml(req, reply, res.status, res.page.html, pageCsp({ scriptHashes: res.page.scriptHashes, styleHashes: res.page.styleHashes }, tls), true);
    }
    if (path === CART_PAGE_PATH) {
      const res = await answerCartPage(app, opts.database, assets, { req, reply, site, info: { ...info, query: params } });
      if (res?.kind === 'page')
        return sendHtml(req, reply, res.status, res.page.html, pageCsp({ scriptHashes: res.page.scriptHashes, styleHashes: res.page.styleHashes }, tls), true);
    }
    // From the checked Host header, with its port: the same host every absolute URL in the page is built from.
    const key = `${req.protocol}|${req.hostHeader.host}|${path}${islands.length ? `|${JSON.stringify(islands)}` : ''}`;
    // What the cached-page path knows of a request: the address as asked, and that it names no session, customer or logout.
    const address = `${req.protocol}|${req.hostHeader.host}|${rawPath}`;
    const anonymous = !req.cookies[SESSION_COOKIE] && !req.cookies[MEMBER_COOKIE] && params.get(QUERY.LOGOUT) !== 'true';
    // A page for a signed-in customer carries their account id: never shared through the cache.
    const forCustomer = visitor.memberAccountId !== undefined;
    const cached = forCustomer ? undefined : app.pageCache.get(site.id, key);
    if (cached) {
      app.metrics.pageCache.inc({ result: 'hit', path: cached.metricPath });
      if (anonymous) app.pageCache.setFront(site.id, address, cached, app.pageCache.generation(site.id));
      return sendStored(req, reply, cached.answer);
    }
    const generation = app.pageCache.generation(site.id);
    let res: SiteResponse;
    try {
      res = await renderSitePath(app.siteContent, site, info, assets);
    } catch (err) {
      req.log.error({ err }, 'page render failed');
      const failed = await renderSystemPage(app.siteContent, site, info, assets, PAGE_TYPES.ERROR);
      if (failed.kind !== 'page') throw err;
      return sendHtml(req, reply, failed.status, failed.page.html, pageCsp(failed.page, tls));
    }
    if (res.kind === 'redirect') {
      return reply
        .code(301)
        .header('location', query ? `${res.location}${res.location.includes('?') ? '&' : '?'}${query}` : res.location)
        .send();
    }
    const csp = pageCsp(res.page, tls);
    if (res.personal || forCustomer) return sendHtml(req, reply, res.status, res.page.html, csp, true);
    const entry: CachedResponse = {
      status: res.status,
      answer: await storeAnswer(res.status, pageHeaders(csp, false, { secure: app.secureCookies(req) }), res.page.html),
      // Only the site's own pages by name: any address can be asked for, and each would be a series.
      metricPath: res.status === 200 ? path : `(${res.status})`,
    };
    app.metrics.pageCache.inc({ result: 'miss', path: entry.metricPath });
    if (sitesBefore === app.siteGeneration()) {
      app.pageCache.set(site.id, key, entry, generation);
      if (anonymous) app.pageCache.setFront(site.id, address, entry, generation);
    }
    return sendStored(req, reply, entry.answer);
  });
});

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}
