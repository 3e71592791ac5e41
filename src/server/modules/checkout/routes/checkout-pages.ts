/**
 * What the shopper sees of checkout (the module's CONTEXT.md): `GET /commerce/goto-checkout` (seed
 * 000 §2: with a cart cookie, on to the checkout page; without, back to the cart page, which says the
 * seed's words, 000-8.09), the checkout page (`GET /checkout`, page type 201) and the order pages a
 * token opens (`GET /checkout/orders/{token}`: 202 or 207). Every answer is personal: no-store.
 *
 * Checkout runs on the site's primary host (its first custom domain, else its identifier's host):
 * asked on another host of the site, the shopper is sent there (303) with their cart cookie as a
 * short-lived signed token, which the primary host turns back into the cart cookie.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../../db/client';
import { CART_FAILED_QUERY, CART_PAGE_PATH } from '../../../../domain/cart-paths';
import { CART_COOKIE } from '../../../../domain/cart-summary';
import { CHECKOUT_FAILED_QUERY, CHECKOUT_PATHS, EMAIL_PREVIEW_PATH, ORDER_STATUS_PREFIX } from '../../../../domain/checkout/paths';
import { TEST_CARDS } from '../../../../domain/checkout/test-cards';
import { PAGE_TYPES } from '../../../../domain/page-types';
import { checkout as words } from '../../../../messages/checkout';
import { checkoutApi } from '../../../../messages/checkout-api';
import { http } from '../../../../messages/http';
import { testPayments } from '../../../../messages/test-payments';
import { EMAIL_FRAME_CSP, pageCsp, pageHeaders, securityHeaders } from '../../../http/headers';
import { setCartSummary, setCartToken } from '../../../plugins/cart-cookies';
import type { ClientAssets } from '../../../render/assets';
import { renderCheckoutPage } from '../../../render/checkout-page';
import { renderOrderPage } from '../../../render/order-page';
import { renderOrderStatusPage } from '../../../render/order-status-page';
import { renderEmailPreviewPage } from '../../../render/email-preview-page';
import { renderReceiptPage } from '../../../render/receipt-page';
import { countryChoices } from '../../../render/cart-page';
import { visitorIslands } from '../../../render/page-visitor';
import { renderSystemPage, shopPathOf, type SiteResponse, type SystemPageInfo } from '../../../render/site-page';
import { requestHost, requestOrigin } from '../../../request';
import { serverSecret } from '../../../secrets/server-secrets';
import { MEMBER_COOKIE, roleOn, signedInAccount } from '../../accounts';
import { storeSettingsOf } from '../../catalogue';
import { canAccess } from '../../../../domain/permissions';
import { cartDeps, readCart, shopperOf } from '../../cart';
import { giftCardCodesOf, orderForToken, orderStatusForToken, PREVIEW_EMAILS, sampleEmail, type OrderView, type PreviewEmail } from '../../orders';
import { paymentSettingsOf } from '../../payments';
import { downloadLink } from '../downloads';
import { moneyFormatOf, siteSettings, type WebsiteRow } from '../../sites';

/** The query parameter that carries the signed cart token to the primary host. */
export const CART_HANDOFF_QUERY = 'cart';
/** How long a signed cart token is good for. */
const HANDOFF_SECONDS = 120;
/** Where `goto-checkout` sends a shopper without a cart: the cart page, saying the seed's words. */
export const NO_CART_FAILURE = 'checkout';
const CART_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cart token signed for the primary host: `{token}.{expiry}.{mac}`, bound to the site. */
export function cartHandoff(secret: string) {
  const mac = (websiteId: string, token: string, expiry: string) =>
    createHmac('sha256', secret).update(`cart-handoff:${websiteId}:${token}:${expiry}`).digest('base64url');
  return {
    sign(websiteId: string, token: string, now = Date.now()): string {
      const expiry = String(Math.floor(now / 1000) + HANDOFF_SECONDS);
      return `${token}.${expiry}.${mac(websiteId, token, expiry)}`;
    },
    read(websiteId: string, signed: string | undefined, now = Date.now()): string | undefined {
      const [token, expiry, given] = (signed ?? '').split('.');
      if (!token || !expiry || !given || !CART_TOKEN.test(token) || !(Number(expiry) >= now / 1000)) return undefined;
      const want = Buffer.from(mac(websiteId, token, expiry));
      const got = Buffer.from(given);
      return want.length === got.length && timingSafeEqual(want, got) ? token : undefined;
    },
  };
}

export async function registerCheckoutPages(app: FastifyInstance, database: Pick<Database, 'db' | 'pool'>, assets: ClientAssets): Promise<void> {
  const { db } = database;
  const handoff = cartHandoff(await serverSecret(db, 'cart_handoff_secret'));
  const deps = cartDeps(app, database);

  const send = (req: FastifyRequest, reply: FastifyReply, res: SiteResponse) => {
    if (res.kind === 'redirect') return seeOther(reply, res.location);
    // The page's HTML too: a checkout offering cards through Stripe allows Stripe's hosts.
    const csp = pageCsp({ scriptHashes: res.page.scriptHashes, styleHashes: res.page.styleHashes, html: res.page.html }, { tls: req.protocol === 'https' });
    return reply
      .code(res.status)
      .headers(pageHeaders(csp, true, { secure: app.secureCookies(req) }))
      .send(res.page.html);
  };
  const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('cache-control', 'no-store').header('location', location).send();

  /** The primary host's address for going to checkout, when the request came on another host of the site (a custom domain, the identifier's host). */
  const elsewhere = (req: FastifyRequest, site: WebsiteRow): string | undefined => {
    const primary = new URL(app.siteOrigin(site));
    const host = requestHost(req);
    const hosts = [`${site.identifier}.${app.appDomain}`, ...siteSettings(site).customDomains];
    if (host === primary.hostname || !hosts.includes(host)) return undefined;
    const token = req.cookies[CART_COOKIE];
    const query = token && CART_TOKEN.test(token) ? `?${CART_HANDOFF_QUERY}=${encodeURIComponent(handoff.sign(site.id, token))}` : '';
    return `${primary.origin}${CHECKOUT_PATHS.GOTO}${query}`;
  };

  /** The page's facts, as the page routes gather them for any page: the visitor's islands, the signed-in customer, the shop. */
  const pageInfo = async (req: FastifyRequest, site: WebsiteRow) => {
    const [path = '/', query = ''] = req.url.split('?');
    const params = new URLSearchParams(query);
    const { islands, visitor, member } = await visitorIslands(db, req, site, params);
    const shopPath = await shopPathOf(app.catalogue, site.id);
    const info: SystemPageInfo = { host: requestHost(req), origin: requestOrigin(req), path, query: params, pageIslands: islands, visitor, shopPath };
    return { info, member, shopPath };
  };
  const notFound = async (req: FastifyRequest, reply: FastifyReply, site: WebsiteRow, info: SystemPageInfo) =>
    send(req, reply, await renderSystemPage(app.siteContent, site, { ...info, catalogue: app.catalogue }, assets, PAGE_TYPES.NOT_FOUND));

  /** How the store takes payment, as the checkout page offers it: a card through Stripe once connected, the test card in test mode, the manual methods turned on. */
  const paymentOffer = async (websiteId: string) => {
    const settings = await paymentSettingsOf(db, websiteId);
    return {
      testMode: settings.testMode,
      testCards: settings.testMode ? TEST_CARDS.map((c) => ({ number: c.number, label: testPayments[c.label] })) : [],
      manual: settings.manualMethods.filter((m) => m.enabled).map((m) => ({ method: m.method, instructions: m.instructions })),
      stripe: settings.stripe,
    };
  };
  /** Signed links to the files of the order's digital lines, made afresh each time the page is shown. */
  const downloadsOf = (websiteId: string, order: OrderView) =>
    Promise.all(
      order.lines.flatMap((l) =>
        l.downloadFile
          ? [downloadLink(db, { websiteId, orderId: order.id, line: l.position, file: l.downloadFile }).then((url) => ({ name: l.productName, url }))]
          : [],
      ),
    );

  app.get(CHECKOUT_PATHS.GOTO, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const away = elsewhere(req, site);
    if (away) return seeOther(reply, away);
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const handedOver = handoff.read(site.id, query.get(CART_HANDOFF_QUERY) ?? undefined);
    if (handedOver) setCartToken(reply, handedOver);
    const hasCart = handedOver !== undefined || req.cookies[CART_COOKIE] !== undefined || req.cookies[MEMBER_COOKIE] !== undefined;
    return seeOther(reply, hasCart ? CHECKOUT_PATHS.PAGE : `${CART_PAGE_PATH}?${CART_FAILED_QUERY}=${NO_CART_FAILURE}`);
  });

  app.get(CHECKOUT_PATHS.PAGE, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const away = elsewhere(req, site);
    if (away) return seeOther(reply, away);
    const { info, member, shopPath } = await pageInfo(req, site);
    if (shopPath === undefined) return notFound(req, reply, site, info);
    const shopper = await shopperOf(app, deps, req, site);
    const cart = await readCart(deps, shopper);
    setCartSummary(reply, cart, shopper.format);
    return send(
      req,
      reply,
      await renderCheckoutPage(app.siteContent, site, info, assets, {
        cart,
        money: shopper.format,
        shopPath,
        cartPath: CART_PAGE_PATH,
        email: member?.user.email ?? '',
        storeCountry: (await deps.pricing.read(site.id)).tax.originCountry,
        payment: await paymentOffer(site.id),
        error: info.query.has(CHECKOUT_FAILED_QUERY)
          ? info.query.get(CHECKOUT_FAILED_QUERY) === 'declined'
            ? words.detourFailed
            : info.query.get(CHECKOUT_FAILED_QUERY) === 'unpaid'
              ? checkoutApi.unpaid
              : words.placeFailed
          : undefined,
      }),
    );
  });

  app.get<{ Params: { token: string } }>(`${CHECKOUT_PATHS.PAGE}/orders/:token`, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const { info, shopPath } = await pageInfo(req, site);
    const order = await orderForToken(db, site.id, req.params.token);
    if (!order) return notFound(req, reply, site, info);
    const shopper = await shopperOf(app, deps, req, site);
    // The cart was bought: the indicator the page's header draws from the summary cookie says so.
    setCartSummary(reply, await readCart(deps, shopper), shopper.format);
    const [downloads, giftCards] = await Promise.all([downloadsOf(site.id, order), giftCardCodesOf(db, site.id, order.id)]);
    const named = giftCards.map((g) => ({ name: order.lines.find((l) => l.position === g.orderLine)?.productName ?? '', code: g.code }));
    return send(
      req,
      reply,
      await renderOrderPage(app.siteContent, site, info, assets, { order, money: shopper.format, shopPath, downloads, giftCards: named }),
    );
  });

  /** Whether the request is a team member's who may see orders: the email preview is theirs alone. */
  const mayPreview = async (req: FastifyRequest, site: WebsiteRow) => {
    const account = await signedInAccount(db, req);
    const role = account ? await roleOn(db, site.id, account.id) : undefined;
    return role !== undefined && canAccess(role, 'commerce-orders', 'read');
  };
  const previewKind = (value: unknown): PreviewEmail | undefined => PREVIEW_EMAILS.find((k) => k === value);
  const previewEmail = async (site: WebsiteRow, kind: PreviewEmail) =>
    sampleEmail(kind, site, (await storeSettingsOf(db, site.id)).selectedCurrency, {
      siteOrigin: (s) => app.siteOrigin(s),
      configOrigin: (s) => app.configOrigin(s),
    });

  app.get(EMAIL_PREVIEW_PATH, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const { info } = await pageInfo(req, site);
    if (!(await mayPreview(req, site))) return notFound(req, reply, site, info);
    const kind = previewKind(info.query.get('email')) ?? 'confirmation';
    const email = await previewEmail(site, kind);
    return send(
      req,
      reply,
      await renderEmailPreviewPage(app.siteContent, site, info, assets, {
        kinds: PREVIEW_EMAILS,
        kind,
        subject: email.subject,
        text: email.text,
        frameSrc: `${EMAIL_PREVIEW_PATH}/${kind}`,
        hrefOf: (k) => `${EMAIL_PREVIEW_PATH}?email=${k}`,
      }),
    );
  });

  // The email's own HTML, for the preview's frame: inline styles as mail readers take them, nothing that runs.
  app.get<{ Params: { kind: string } }>(`${EMAIL_PREVIEW_PATH}/:kind`, async (req, reply) => {
    const site = await app.siteForRequest(req);
    const kind = previewKind(req.params.kind);
    if (!site || !kind || !(await mayPreview(req, site))) return reply.code(404).type('text/plain; charset=utf-8').send(http.notFound);
    const email = await previewEmail(site, kind);
    return reply
      .headers(securityHeaders({ secure: app.secureCookies(req) }))
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', EMAIL_FRAME_CSP)
      .send(email.html);
  });

  app.get<{ Params: { token: string } }>(`${ORDER_STATUS_PREFIX}:token/receipt`, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const { info, shopPath } = await pageInfo(req, site);
    const [order, store] = await Promise.all([orderForToken(db, site.id, req.params.token), storeSettingsOf(db, site.id)]);
    if (!order) return notFound(req, reply, site, info);
    const countries = new Map(countryChoices(siteSettings(site).locale).map((c) => [c.code, c.name]));
    const money = moneyFormatOf(site);
    return send(
      req,
      reply,
      await renderReceiptPage(app.siteContent, site, info, assets, {
        order,
        token: req.params.token,
        money,
        seller: { businessName: store.businessName, businessAddress: store.businessAddress, vatNumber: store.vatNumber },
        siteTitle: siteSettings(site).title,
        countryName: (code) => countries.get(code) ?? code,
        shopPath,
      }),
    );
  });

  app.get<{ Params: { token: string } }>(`${ORDER_STATUS_PREFIX}:token`, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const { info, shopPath } = await pageInfo(req, site);
    const status = await orderStatusForToken(db, site.id, req.params.token);
    if (!status) return notFound(req, reply, site, info);
    // A cancelled or refunded order's files are no longer given.
    const delivers = status.stage !== 'canceled' && status.stage !== 'refunded' && status.stage !== 'awaitingPayment';
    const downloads = delivers ? await downloadsOf(site.id, status.order) : [];
    const money = moneyFormatOf(site);
    return send(
      req,
      reply,
      await renderOrderStatusPage(app.siteContent, site, info, assets, { ...status, token: req.params.token, money, shopPath, downloads }),
    );
  });
}
