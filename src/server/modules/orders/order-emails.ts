/**
 * An order's two emails: the confirmation to the shopper and the new-order notice to the store's
 * team (the members whose role may see orders). Both are queued in the transaction that places the
 * order (checkout's finalize), in one statement, so an order rolled back sends nothing; each job
 * names the order only. The handler reads the order when it runs and renders the emails then, so
 * gift card codes and download links are never written to the jobs table. Nor is the order page's
 * access token: the handler makes it again from the order (./order-token.ts), as placing it did. A
 * repeat delivery of a job carries the same Message-ID (for the notice, one per member).
 */
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { CHECKOUT_PATHS } from '../../../domain/checkout/paths';
import { canAccess } from '../../../domain/permissions';
import { PermanentJobError, type JobHandler, type NewJob } from '../../jobs/queue';
import { mailTransportFor, messageIdFor } from '../../mail/mailer';
import { RefusedTargetError, type OutgoingPolicy } from '../../net/outgoing';
import { listTeam } from '../accounts';
import { siteRow, siteSettings, type WebsiteRow } from '../sites';
import { and, eq } from 'drizzle-orm';
import { confirmationEmail, type RenderedEmail } from './emails/confirmation';
import { cancellationEmail, fulfilmentEmail, refundEmail } from './emails/updates';
import { sampleOrder as sample } from '../../../messages/sample-order';
import { cancellationView, fulfilmentView, refundView } from './emails/update-views';
import { fulfilments, orderEvents, refunds } from './schema';
import { newOrderNotice } from './emails/notice';
import { orderToken, orderTokenSecret } from './order-token';
import { addressLines, mailLines, mailSite, methodName, moneyOf, placedOrder, totalRows, type PlacedOrder } from './emails/order-view';

export const ORDER_EMAIL_JOB = 'orders.email';
/** Where the team manages orders, in the site's config area. */
export const ORDERS_CONFIG_PATH = '/config/store/orders';
/** As an email's, so a mail server's outage of hours is waited out. */
const ORDER_EMAIL_MAX_ATTEMPTS = 12;

const payloadSchema = z.union([
  z.object({ to: z.literal('shopper'), orderId: z.string(), about: z.literal('fulfilment'), fulfilmentId: z.string() }),
  z.object({ to: z.literal('shopper'), orderId: z.string(), about: z.literal('refund'), refundId: z.string() }),
  z.object({ to: z.literal('shopper'), orderId: z.string(), about: z.literal('cancellation'), reason: z.string() }),
  z.object({ to: z.literal('shopper'), orderId: z.string() }),
  z.object({ to: z.literal('team'), orderId: z.string() }),
]);
type Payload = z.infer<typeof payloadSchema>;

/** The shopper's emails after the confirmation: a parcel sent, money given back, the order cancelled. */
export type OrderUpdate = { about: 'fulfilment'; fulfilmentId: string } | { about: 'refund'; refundId: string } | { about: 'cancellation'; reason: string };

/**
 * Queues the confirmation and the team's notice; call it on the transaction that places the order.
 * `accessToken` is the one placing made: the handler makes the same again, so it is never stored.
 */
/** The confirmation to the shopper and the notice to the team, as jobs for the caller's transaction. */
export function orderEmailJobs(input: { websiteId: string; orderId: string }): NewJob[] {
  const { websiteId, orderId } = input;
  return [
    { websiteId, kind: ORDER_EMAIL_JOB, payload: { to: 'shopper', orderId }, maxAttempts: ORDER_EMAIL_MAX_ATTEMPTS },
    { websiteId, kind: ORDER_EMAIL_JOB, payload: { to: 'team', orderId }, maxAttempts: ORDER_EMAIL_MAX_ATTEMPTS },
  ];
}

/**
 * The email telling the shopper of a change to their order, as a job for the transaction that
 * makes the change (so a change rolled back sends nothing). The handler reads the order, and the
 * fulfilment or refund, when it runs.
 */
export function orderUpdateEmailJob(input: { websiteId: string; orderId: string } & OrderUpdate): NewJob {
  const { websiteId, ...payload } = input;
  return { websiteId, kind: ORDER_EMAIL_JOB, payload: { to: 'shopper', ...payload }, maxAttempts: ORDER_EMAIL_MAX_ATTEMPTS };
}

/** A digital line's file, as a signed download link grants it (checkout's downloads). */
export type DownloadGrant = { websiteId: string; orderId: string; line: number; file: string };

export type OrderEmailDeps = {
  /** Whether a site's own SMTP host may be a private address. */
  policy: OutgoingPolicy;
  /** The site's own address (never a request's): links in emails start there. */
  siteOrigin(site: WebsiteRow): string;
  /** Where the site's config area is. */
  configOrigin(site: WebsiteRow): string;
  /** The path of a signed, expiring link to one line's file, and how many days it works. */
  downloads: { path(grant: DownloadGrant): Promise<string>; days: number };
};

async function confirmation(placed: PlacedOrder, site: WebsiteRow, token: string, deps: OrderEmailDeps): Promise<RenderedEmail> {
  const { order, lines } = placed;
  const origin = deps.siteOrigin(site);
  const money = moneyOf(site, order.currency);
  const lang = siteSettings(site).locale;
  const { rows, includedTax } = totalRows(order, money);
  const open = order.status !== 'canceled';
  const downloads = open
    ? await Promise.all(
        lines
          .filter((l) => l.downloadFile !== null)
          .map(async (l) => ({
            name: l.productName,
            url: `${origin}${await deps.downloads.path({ websiteId: order.websiteId, orderId: order.id, line: l.position, file: l.downloadFile! })}`,
          })),
      )
    : [];
  const shipTo = addressLines(order, lang);
  return confirmationEmail({
    site: mailSite(site, origin),
    lang,
    number: order.number,
    awaitingPayment: order.provider === 'manual' && order.paymentStatus === 'unpaid',
    lines: mailLines(lines, money),
    totals: rows,
    ...(includedTax ? { includedTax } : {}),
    ...(shipTo ? { shipTo } : {}),
    ...(order.provider === 'manual' && order.paymentInstructions ? { payment: { method: methodName(order), instructions: order.paymentInstructions } } : {}),
    downloads,
    downloadDays: deps.downloads.days,
    giftCards: placed.giftCards.map((g) => ({ amount: money(g.amountCents), code: g.code })),
    orderUrl: `${origin}${CHECKOUT_PATHS.orderStatus(token)}`,
    testMode: order.testMode,
  });
}

function notice(placed: PlacedOrder, site: WebsiteRow, deps: OrderEmailDeps): RenderedEmail {
  const { order, lines } = placed;
  const money = moneyOf(site, order.currency);
  return newOrderNotice({
    site: mailSite(site, deps.siteOrigin(site)),
    lang: siteSettings(site).locale,
    number: order.number,
    customer: order.customerName,
    email: order.email,
    total: money(order.totalCents),
    method: methodName(order),
    lines: mailLines(lines, money),
    ordersUrl: `${deps.configOrigin(site)}${ORDERS_CONFIG_PATH}`,
    testMode: order.testMode,
  });
}

/** The team members who hear of new orders: those whose role may act on them (ADMIN, website and store managers), not those who may only look. */
async function teamRecipients(database: Database, websiteId: string): Promise<{ key: string; email: string }[]> {
  const team = await listTeam(database.db, websiteId);
  return team.filter((m) => canAccess(m.role, 'commerce-orders', 'write')).map((m) => ({ key: m.accountId, email: m.email }));
}

/** The handler for ORDER_EMAIL_JOB: renders the email from the order as it stands and sends it. */
export function orderEmailHandler(database: Database, deps: OrderEmailDeps): JobHandler {
  return async (job) => {
    if (!job.websiteId) throw new PermanentJobError('an order email names no site');
    const payload = payloadSchema.parse(job.payload);
    const [site, placed] = await Promise.all([siteRow(database.db, job.websiteId), placedOrder(database.db, job.websiteId, payload.orderId)]);
    // A site or order deleted since has no one to tell.
    if (!site || !placed) return;
    const messages: { to: string; messageKey: string; email: RenderedEmail }[] = [];
    if ('about' in payload) {
      const token = orderToken(await orderTokenSecret(database.db), site.id, placed.order.id);
      const email = await updateEmail(database, placed, site, token, payload, deps);
      // A refund that did not go through (or is gone) tells the shopper nothing.
      if (email) messages.push({ to: placed.order.email, messageKey: job.deliveryKey, email });
    } else if (payload.to === 'shopper') {
      const token = orderToken(await orderTokenSecret(database.db), site.id, placed.order.id);
      const email = await confirmation(placed, site, token, deps);
      messages.push({ to: placed.order.email, messageKey: job.deliveryKey, email });
    } else {
      const email = notice(placed, site, deps);
      for (const r of await teamRecipients(database, site.id)) messages.push({ to: r.email, messageKey: `${job.deliveryKey}.${r.key}`, email });
    }
    if (messages.length === 0) return;
    let sender: Awaited<ReturnType<typeof mailTransportFor>>;
    try {
      sender = await mailTransportFor(database.db, site.id, deps.policy);
    } catch (err) {
      throw err instanceof RefusedTargetError ? new PermanentJobError(err.message) : err;
    }
    try {
      for (const m of messages) {
        await sender.transport.sendMail({ ...m.email, to: m.to, from: sender.from, messageId: messageIdFor(m.messageKey) });
      }
    } finally {
      sender.transport.close();
    }
    if (payload.to === 'shopper') await noteEmailSent(database, site.id, placed.order.id, 'about' in payload ? payload.about : 'confirmation');
  };
}

/** The order's timeline says which email went to the shopper. */
async function noteEmailSent(database: Database, websiteId: string, orderId: string, email: string): Promise<void> {
  await database.db.insert(orderEvents).values({ websiteId, orderId, kind: 'email_sent', detail: { email } });
}

async function updateEmail(
  database: Database,
  placed: PlacedOrder,
  site: WebsiteRow,
  token: string,
  update: Extract<Payload, { about: string }>,
  deps: OrderEmailDeps,
): Promise<RenderedEmail | undefined> {
  const common = updateCommon(placed, site, token, deps);
  const money = moneyOf(site, placed.order.currency);
  switch (update.about) {
    case 'fulfilment': {
      const [sent] = await database.db
        .select()
        .from(fulfilments)
        .where(and(eq(fulfilments.websiteId, site.id), eq(fulfilments.id, update.fulfilmentId)));
      return sent ? fulfilmentEmail(fulfilmentView(common, placed, sent)) : undefined;
    }
    case 'refund': {
      const [refund] = await database.db
        .select()
        .from(refunds)
        .where(and(eq(refunds.websiteId, site.id), eq(refunds.id, update.refundId)));
      return refund?.status === 'succeeded' ? refundEmail(refundView(common, placed, refund, money)) : undefined;
    }
    case 'cancellation':
      return cancellationEmail(cancellationView(common, placed, update.reason));
  }
}

function updateCommon(placed: PlacedOrder, site: WebsiteRow, token: string, deps: Pick<OrderEmailDeps, 'siteOrigin'>) {
  const origin = deps.siteOrigin(site);
  return {
    site: mailSite(site, origin),
    lang: siteSettings(site).locale,
    number: placed.order.number,
    statusUrl: `${origin}${CHECKOUT_PATHS.orderStatus(token)}`,
    testMode: placed.order.testMode,
  };
}

/** The emails the commerce email preview (page type 301) shows the owner, in the order a shopper gets them; the team's notice last. */
export const PREVIEW_EMAILS = ['confirmation', 'fulfilment', 'refund', 'cancellation', 'notice'] as const;
export type PreviewEmail = (typeof PREVIEW_EMAILS)[number];

/** An order no shopper placed, in the store's currency, to show the emails with: two products, one of them twice, shipped. */
function sampleOrder(websiteId: string, currency: string): PlacedOrder {
  const line = (position: number, productName: string, quantity: number, unitPriceCents: number, options: { optionName: string; value: string }[]) => ({
    websiteId,
    orderId: 'sample',
    position,
    productId: `sample-${position}`,
    variantId: `sample-${position}`,
    productName,
    productType: 'PHYSICAL',
    optionValues: options,
    sku: '',
    quantity,
    unitPriceCents,
    discountCents: 0,
    taxCents: 0,
    totalCents: quantity * unitPriceCents,
    downloadFile: null,
    fulfilledQuantity: quantity,
    refundedQuantity: 0,
    restockedQuantity: 0,
  });
  const lines = [
    line(1, sample.firstProduct, 2, 2500, [{ optionName: sample.optionName, value: sample.optionValue }]),
    line(2, sample.secondProduct, 1, 1200, []),
  ];
  const subtotal = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const now = new Date().toISOString();
  return {
    order: {
      websiteId,
      id: 'sample',
      number: 1001,
      attemptId: 'sample',
      cartId: 'sample',
      siteUserId: null,
      email: sample.email,
      customerName: sample.customer,
      shippingAddress: { name: sample.customer, line1: sample.street, city: sample.city, postcode: sample.postcode, country: sample.country },
      shipping: { rateId: 'sample', name: sample.shippingName, amountCents: 500 },
      currency,
      subtotalCents: subtotal,
      discountCents: 0,
      shippingCents: 500,
      taxCents: 0,
      totalCents: subtotal + 500,
      pricesIncludeTax: true,
      couponCodes: [],
      status: 'open',
      paymentStatus: 'paid',
      provider: 'stripe',
      paymentMethod: 'card',
      paymentInstructions: null,
      testMode: false,
      accessTokenHash: '',
      createdAt: now,
      paidAt: now,
      canceledAt: null,
      cancelUnpaidAt: null,
      note: '',
      refundedCents: 0,
      fulfilledAt: null,
      taxName: null,
      taxRateMilli: null,
      shippingTaxCents: 0,
    },
    lines,
    giftCards: [],
  };
}

/** One of the order emails as a shopper (or the team) would get it, about a sample order in the store's currency: the preview's. */
export async function sampleEmail(
  kind: PreviewEmail,
  site: WebsiteRow,
  currency: string,
  deps: Pick<OrderEmailDeps, 'siteOrigin' | 'configOrigin'>,
): Promise<RenderedEmail> {
  const placed = sampleOrder(site.id, currency);
  const token = 'sample-order';
  const money = moneyOf(site, currency);
  const common = updateCommon(placed, site, token, deps);
  switch (kind) {
    case 'confirmation':
      // The sample has no digital line: no download link is made.
      return confirmation(placed, site, token, { ...deps, policy: { allowPrivate: false }, downloads: { path: async () => '', days: 0 } });
    case 'fulfilment':
      return fulfilmentEmail(
        fulfilmentView(common, placed, {
          lines: [
            { position: 1, quantity: 2 },
            { position: 2, quantity: 1 },
          ],
          carrier: sample.carrier,
          trackingNumber: sample.trackingNumber,
          trackingUrl: null,
        }),
      );
    case 'refund':
      return refundEmail(
        refundView(common, placed, { lines: [{ position: 2, quantity: 1, amountCents: 1200, restock: true }], amountCents: 1200, shippingCents: 0 }, money),
      );
    case 'cancellation':
      return cancellationEmail(cancellationView(common, { ...placed, order: { ...placed.order, paymentStatus: 'voided' } }, ''));
    case 'notice':
      return notice(placed, site, { ...deps, policy: { allowPrivate: false }, downloads: { path: async () => '', days: 0 } });
  }
}
