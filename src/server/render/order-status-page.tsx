/**
 * An order's status page (`/commerce/orders/{token}`, page type 211), the link in every order
 * email: where the order stands in words, when it was placed, its parcels with their carriers and
 * tracking links, each line with how much of it is sent or refunded, the files to download, and
 * the totals with what was refunded. The token is the order's secret: no sign-in; personal, so
 * never stored, never indexed.
 */
import { formatPrice, isCurrencyCode, type MoneyFormat } from '../../domain/commerce';
import type { OrderStage } from '../../domain/checkout/order-status';
import { shipsAsParcel } from '../../domain/checkout/order-status';
import { PAGE_TYPES } from '../../domain/page-types';
import { CHECKOUT_PATHS } from '../../domain/checkout/paths';
import { receipt as receiptWords } from '../../messages/receipt';
import { cart as cartWords } from '../../messages/cart';
import { checkout as words } from '../../messages/checkout';
import { format } from '../../messages/format';
import { ordersScreens } from '../../messages/orders-screens';
import type { SiteContentSource } from '../modules/content';
import type { OrderStatusView } from '../modules/orders';
import { siteSettings, type WebsiteRow } from '../modules/sites';
import type { ClientAssets } from './assets';
import { formatLongDate } from './dates';
import { PaidOrderSummary } from './order-page';
import { renderPersonalPage } from './personal-page';
import type { SiteResponse, SystemPageInfo } from './site-page';

export type OrderStatusPageView = OrderStatusView & {
  /** The order's token, for its receipt's address. */
  token: string;
  money: MoneyFormat;
  shopPath: string | undefined;
  /** Signed links to the files of its digital lines (none once the order is cancelled or refunded). */
  downloads: readonly { name: string; url: string }[];
};

const STAGE_WORDS: Record<OrderStage, string> = {
  awaitingPayment: words.stageAwaitingPayment,
  preparing: words.stagePreparing,
  partlySent: words.stagePartlySent,
  sent: words.stageSent,
  complete: words.stageComplete,
  refunded: words.stageRefunded,
  canceled: words.stageCanceled,
};

function StatusDetails({ view, day }: { view: OrderStatusPageView; day: (iso: string) => string }) {
  const { order, parcels } = view;
  const currency = order.currency;
  const money = (minor: number) => (isCurrencyCode(currency) ? formatPrice({ currency, minor }, view.money) : String(minor));
  const nameAt = (position: number) => order.lines.find((l) => l.position === position)?.productName ?? '';
  const lines = order.lines.map((l) => {
    const progress = [
      shipsAsParcel(l.productType) && l.fulfilledQuantity > 0 ? format(words.linesSent, { sent: l.fulfilledQuantity, quantity: l.quantity }) : '',
      l.refundedQuantity > 0 ? format(words.linesRefunded, { refunded: l.refundedQuantity }) : '',
    ].filter((part) => part !== '');
    return {
      key: String(l.position),
      name: l.productName,
      options: [l.optionValues.map((o) => `${o.optionName}: ${o.value}`).join(', '), ...progress].filter((part) => part !== '').join(' · '),
      quantity: l.quantity,
      totalCents: l.totalCents,
    };
  });
  return (
    <div className="checkout-page order-page order-status-page">
      <div className="checkout-inner">
        {order.testMode ? (
          <p className="checkout-test-mode" role="note">
            {words.testMode}
          </p>
        ) : null}
        <p className="order-number">{format(words.orderNumber, { number: String(order.number) })}</p>
        <h1 className="checkout-title">{STAGE_WORDS[view.stage]}</h1>
        <p>
          <time dateTime={new Date(order.createdAt).toISOString()}>{format(words.placedOn, { date: day(order.createdAt) })}</time>
        </p>
        <div className="checkout-body">
          <div className="order-about">
            {view.stage === 'awaitingPayment' && order.paymentInstructions !== null ? (
              <section className="checkout-part order-instructions" aria-labelledby="order-instructions-title">
                <h2 id="order-instructions-title" className="checkout-part-title">
                  {words.awaitingPayment}
                </h2>
                <p className="checkout-instructions">{order.paymentInstructions}</p>
              </section>
            ) : null}
            {parcels.length > 0 ? (
              <section className="checkout-part" aria-labelledby="order-parcels-title">
                <h2 id="order-parcels-title" className="checkout-part-title">
                  {words.parcels}
                </h2>
                <ol className="order-list order-parcels">
                  {parcels.map((p) => (
                    <li key={`${p.sentAt}-${p.trackingNumber}-${p.lines.map((l) => l.position).join(',')}`}>
                      <p>
                        <time dateTime={new Date(p.sentAt).toISOString()}>{format(words.parcelSent, { date: day(p.sentAt) })}</time>
                        {p.carrier ? ` · ${p.carrier}` : ''}
                      </p>
                      {p.trackingNumber ? <p>{format(words.trackingNumber, { number: p.trackingNumber })}</p> : null}
                      {p.trackingUrl ? (
                        <p>
                          <a href={p.trackingUrl} rel="noopener noreferrer">
                            {words.trackParcel}
                          </a>
                        </p>
                      ) : null}
                      <ul className="order-parcel-items">
                        {p.lines.map((l) => (
                          <li key={l.position}>{format(ordersScreens.unitsOf, { quantity: l.quantity, name: nameAt(l.position) })}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {view.downloads.length > 0 ? (
              <section className="checkout-part" aria-labelledby="order-downloads-title">
                <h2 id="order-downloads-title" className="checkout-part-title">
                  {words.downloads}
                </h2>
                <ul className="order-list">
                  {view.downloads.map((d) => (
                    <li key={d.url}>
                      <a href={d.url}>{format(words.download, { name: d.name })}</a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p>
              <a href={`${CHECKOUT_PATHS.orderStatus(view.token)}/receipt`}>{receiptWords.openReceipt}</a>
            </p>
            {view.shopPath ? (
              <p>
                <a className="button button-secondary button-medium" href={view.shopPath}>
                  {cartWords.continueShopping}
                </a>
              </p>
            ) : null}
          </div>
          <div className="checkout-aside">
            <PaidOrderSummary order={order} lines={lines} money={money} />
            {order.refundedCents > 0 ? <p className="order-refunded">{format(words.refundedAmount, { amount: money(order.refundedCents) })}</p> : null}
          </div>
        </div>
      </div>
    </div>
  );
}

export async function renderOrderStatusPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: SystemPageInfo,
  assets: ClientAssets,
  view: OrderStatusPageView,
): Promise<SiteResponse> {
  const { locale, timeZone } = siteSettings(site);
  return renderPersonalPage(source, site, info, assets, {
    pageType: PAGE_TYPES.ORDER_STATUS,
    title: words.orderStatus,
    shopPath: view.shopPath,
    body: <StatusDetails view={view} day={(iso) => formatLongDate(iso, locale, timeZone)} />,
  });
}
