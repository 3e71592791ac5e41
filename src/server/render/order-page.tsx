/**
 * The order pages a token opens (`/checkout/orders/{token}`, no sign-in): order confirmed (page type
 * 202) once the payment is authorised or taken, order received (207) while a manual payment is
 * awaited. The order's number, its lines and totals as they were paid for, where it ships, how to
 * pay a manual order, the download links of digital lines and the codes of gift cards it issued,
 * and the test-mode banner for an order placed in test mode. Personal: never stored, never indexed.
 */
import type { ReactNode } from 'react';
import { formatPrice, isCurrencyCode, type MoneyFormat } from '../../domain/commerce';
import { PAGE_TYPES } from '../../domain/page-types';
import { cart as cartWords } from '../../messages/cart';
import { checkout as words } from '../../messages/checkout';
import { format } from '../../messages/format';
import { paymentMethods } from '../../messages/payment-methods';
import { OrderSummary, type SummaryLine } from '../../ui/checkout/order-summary';
import type { SiteContentSource } from '../modules/content';
import type { OrderView } from '../modules/orders';
import { siteSettings, type WebsiteRow } from '../modules/sites';
import type { ClientAssets } from './assets';
import { countryChoices } from './cart-page';
import { renderPersonalPage } from './personal-page';
import type { SiteResponse, SystemPageInfo } from './site-page';
import { townLine } from '../../domain/checkout/address';

export type OrderPageView = {
  order: OrderView;
  money: MoneyFormat;
  shopPath: string | undefined;
  /** Signed links to the files of its digital lines. */
  downloads: readonly { name: string; url: string }[];
  giftCards: readonly { name: string; code: string }[];
};

const METHOD_WORDS: Readonly<Record<string, string>> = paymentMethods;

/** A part of the page listing what the order delivers (downloads, gift card codes), when it has any. */
function ListPart({ name, title, items }: { name: string; title: string; items: readonly { key: string; item: ReactNode }[] }) {
  if (items.length === 0) return null;
  return (
    <section className="checkout-part" aria-labelledby={`order-${name}-title`}>
      <h2 id={`order-${name}-title`} className="checkout-part-title">
        {title}
      </h2>
      <ul className="order-list">
        {items.map(({ key, item }) => (
          <li key={key}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** An order's lines and totals as its payment was for them, beside its pages (confirmed, received, status). */
export function PaidOrderSummary({ order, lines, money }: { order: OrderView; lines: SummaryLine[]; money: (minor: number) => string }) {
  return (
    <OrderSummary
      title={words.yourOrder}
      lines={lines}
      money={money}
      totals={{
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        couponCodes: order.couponCodes,
        shippingCents: order.shippingAddress ? order.shippingCents : undefined,
        taxCents: order.taxCents,
        taxName: cartWords.taxName,
        pricesIncludeTax: order.pricesIncludeTax,
        totalCents: order.totalCents,
      }}
    />
  );
}

function OrderDetails({ view, countryName }: { view: OrderPageView; countryName: (code: string) => string }) {
  const { order } = view;
  const currency = order.currency;
  const money = (minor: number) => (isCurrencyCode(currency) ? formatPrice({ currency, minor }, view.money) : String(minor));
  const confirmed = order.state === 'confirmed';
  const address = order.shippingAddress;
  const lines = order.lines.map((l) => ({
    key: String(l.position),
    name: l.productName,
    options: l.optionValues.map((o) => `${o.optionName}: ${o.value}`).join(', '),
    quantity: l.quantity,
    totalCents: l.totalCents,
  }));
  return (
    <div className="checkout-page order-page">
      <div className="checkout-inner">
        {order.testMode ? (
          <p className="checkout-test-mode" role="note">
            {words.testMode}
          </p>
        ) : null}
        <h1 className="checkout-title">{confirmed ? words.orderConfirmed : words.orderReceived}</h1>
        <p className="order-number">{format(words.orderNumber, { number: String(order.number) })}</p>
        <p>{format(words.receiptSent, { email: order.email })}</p>
        <div className="checkout-body">
          <div className="order-about">
            {!confirmed && order.paymentInstructions !== null ? (
              <section className="checkout-part order-instructions" aria-labelledby="order-instructions-title">
                <h2 id="order-instructions-title" className="checkout-part-title">
                  {METHOD_WORDS[order.paymentMethod] ?? order.paymentMethod}
                </h2>
                <p>{words.awaitingPayment}</p>
                <p className="checkout-instructions">{order.paymentInstructions}</p>
              </section>
            ) : null}
            <ListPart
              name="downloads"
              title={words.downloads}
              items={view.downloads.map((d) => ({ key: d.url, item: <a href={d.url}>{format(words.download, { name: d.name })}</a> }))}
            />
            <ListPart
              name="gift-cards"
              title={words.giftCards}
              items={view.giftCards.map((g) => ({ key: g.code, item: format(words.giftCardCode, { name: g.name, code: g.code }) }))}
            />
            {address ? (
              <section className="checkout-part" aria-labelledby="order-address-title">
                <h2 id="order-address-title" className="checkout-part-title">
                  {words.shipsTo}
                </h2>
                <address className="order-address">
                  {[address.name, address.line1, address.line2, townLine(address), countryName(address.country)]
                    .filter((part): part is string => !!part)
                    .map((part) => (
                      <span key={part}>{part}</span>
                    ))}
                </address>
                {order.shippingName ? <p className="checkout-note">{order.shippingName}</p> : null}
              </section>
            ) : null}
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
          </div>
        </div>
      </div>
    </div>
  );
}

export async function renderOrderPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: SystemPageInfo,
  assets: ClientAssets,
  view: OrderPageView,
): Promise<SiteResponse> {
  const confirmed = view.order.state === 'confirmed';
  const countries = new Map(countryChoices(siteSettings(site).locale).map((c) => [c.code, c.name]));
  return renderPersonalPage(source, site, info, assets, {
    pageType: confirmed ? PAGE_TYPES.ORDER_CONFIRMED : PAGE_TYPES.ORDER_RECEIVED,
    title: confirmed ? words.orderConfirmed : words.orderReceived,
    shopPath: view.shopPath,
    body: <OrderDetails view={view} countryName={(code) => countries.get(code) ?? code} />,
  });
}
