/**
 * An order's receipt (`/commerce/orders/{token}/receipt`), printable as a PDF by the browser: the
 * seller's business name, address and VAT number (Store settings), the buyer, each line with its
 * net amount, tax rate and tax, the shipping, the tax per rate (src/domain/checkout/receipt.ts) and
 * the totals. The token is the order's secret; the page is personal, never stored or indexed. Its
 * print styles leave the site's header and footer off the paper.
 */
import { formatPrice, isCurrencyCode, type MoneyFormat } from '../../domain/commerce';
import { receiptSums } from '../../domain/checkout/receipt';
import { townLine } from '../../domain/checkout/address';
import { CHECKOUT_PATHS } from '../../domain/checkout/paths';
import { PAGE_TYPES } from '../../domain/page-types';
import { format } from '../../messages/format';
import { paymentMethods } from '../../messages/payment-methods';
import { ordersScreens } from '../../messages/orders-screens';
import { pricingScreens } from '../../messages/pricing-screens';
import { receipt as words } from '../../messages/receipt';
import { storeScreens } from '../../messages/store-screens';
import type { SiteContentSource } from '../modules/content';
import type { OrderView } from '../modules/orders';
import type { WebsiteRow } from '../modules/sites';
import { siteSettings } from '../modules/sites';
import type { ClientAssets } from './assets';
import { formatLongDate } from './dates';
import { renderPersonalPage } from './personal-page';
import type { SiteResponse, SystemPageInfo } from './site-page';

export type ReceiptView = {
  order: OrderView;
  token: string;
  money: MoneyFormat;
  seller: { businessName: string; businessAddress: string; vatNumber: string };
  siteTitle: string;
  countryName: (code: string) => string;
};

const METHOD_WORDS: Readonly<Record<string, string>> = paymentMethods;
const percent = (rate: number) => String(Math.round(rate * 1000) / 1000);

function Receipt({ view, day }: { view: ReceiptView; day: (iso: string) => string }) {
  const { order, seller } = view;
  const currency = order.currency;
  const money = (minor: number) => (isCurrencyCode(currency) ? formatPrice({ currency, minor }, view.money) : String(minor));
  const rate = order.taxRateMilli === null ? null : { name: order.taxName ?? '', ratePercent: order.taxRateMilli / 1000 };
  const sums = receiptSums({
    pricesIncludeTax: order.pricesIncludeTax,
    rate,
    lines: order.lines,
    shippingCents: order.shippingAddress ? order.shippingCents : 0,
    shippingTaxCents: order.shippingTaxCents,
  });
  const address = order.shippingAddress;
  const rateText = (r: number) => (r > 0 ? `${percent(r)}%` : '0%');
  const rows = [
    ...order.lines.map((l, i) => ({
      key: `line-${l.position}`,
      description: `${l.quantity} × ${l.productName}${l.optionValues.length ? ` (${l.optionValues.map((o) => o.value).join(', ')})` : ''}`,
      unit: money(l.unitPriceCents),
      sum: sums.lines[i]!,
    })),
    ...(order.shippingAddress && order.shippingCents > 0
      ? [{ key: 'shipping', description: format(words.shippingLine, { name: order.shippingName ?? '' }), unit: '', sum: sums.shipping }]
      : []),
  ];
  const totalNet = sums.bands.reduce((n, b) => n + b.netCents, 0);
  const totalTax = sums.bands.reduce((n, b) => n + b.taxCents, 0);
  return (
    <div className="checkout-page receipt-page">
      <div className="checkout-inner">
        <p className="receipt-print-hint">{words.printHint}</p>
        <h1 className="checkout-title">{format(words.heading, { number: String(order.number) })}</h1>
        <p>
          <time dateTime={new Date(order.paidAt ?? order.createdAt).toISOString()}>{format(words.date, { date: day(order.paidAt ?? order.createdAt) })}</time>
        </p>
        <div className="receipt-parties">
          <section aria-labelledby="receipt-seller">
            <h2 id="receipt-seller" className="checkout-part-title">
              {ordersScreens.fromDay}
            </h2>
            <address className="order-address">
              <span>{seller.businessName || view.siteTitle}</span>
              {seller.businessAddress
                .split('\n')
                .filter((l) => l.trim() !== '')
                .map((l) => (
                  <span key={l}>{l}</span>
                ))}
              {seller.vatNumber ? <span>{format(words.vatNumber, { number: seller.vatNumber })}</span> : null}
            </address>
          </section>
          <section aria-labelledby="receipt-buyer">
            <h2 id="receipt-buyer" className="checkout-part-title">
              {ordersScreens.toDay}
            </h2>
            <address className="order-address">
              <span>{address?.name ?? order.customerName}</span>
              {address
                ? [address.line1, address.line2, townLine(address), view.countryName(address.country)]
                    .filter((p): p is string => !!p)
                    .map((p) => <span key={p}>{p}</span>)
                : null}
              <span>{order.email}</span>
            </address>
          </section>
        </div>
        <div className="receipt-table-wrap">
          <table className="receipt-table">
            <thead>
              <tr>
                <th scope="col">{storeScreens.description}</th>
                <th scope="col">{ordersScreens.unitPrice}</th>
                <th scope="col">{ordersScreens.net}</th>
                <th scope="col">{pricingScreens.rate}</th>
                <th scope="col">{pricingScreens.previewTax}</th>
                <th scope="col">{pricingScreens.previewAmount}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.description}</td>
                  <td>{r.unit}</td>
                  <td>{money(r.sum.netCents)}</td>
                  <td>{rateText(r.sum.ratePercent)}</td>
                  <td>{money(r.sum.taxCents)}</td>
                  <td>{money(r.sum.grossCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h2 className="checkout-part-title">{words.taxSummary}</h2>
        <table className="receipt-table receipt-bands">
          <thead>
            <tr>
              <th scope="col">{pricingScreens.rate}</th>
              <th scope="col">{ordersScreens.net}</th>
              <th scope="col">{pricingScreens.previewTax}</th>
            </tr>
          </thead>
          <tbody>
            {sums.bands.map((b) => (
              <tr key={b.ratePercent}>
                <td>{b.ratePercent > 0 ? format(words.rateName, { name: b.name ?? '', rate: percent(b.ratePercent) }) : words.zeroRate}</td>
                <td>{money(b.netCents)}</td>
                <td>{money(b.taxCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{words.totalNet}</th>
              <td>{money(totalNet)}</td>
              <td>{money(totalTax)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="receipt-total">
          {pricingScreens.previewTotal}: <strong>{money(order.totalCents)}</strong>
        </p>
        <p>{format(words.paidBy, { method: METHOD_WORDS[order.paymentMethod] ?? order.paymentMethod })}</p>
        {order.refundedCents > 0 ? <p>{format(words.refunded, { amount: money(order.refundedCents) })}</p> : null}
        <p className="receipt-print-hint">
          <a href={CHECKOUT_PATHS.orderStatus(view.token)}>{words.backToOrder}</a>
        </p>
      </div>
    </div>
  );
}

export async function renderReceiptPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: SystemPageInfo,
  assets: ClientAssets,
  view: ReceiptView & { shopPath: string | undefined },
): Promise<SiteResponse> {
  const { locale, timeZone } = siteSettings(site);
  return renderPersonalPage(source, site, info, assets, {
    pageType: PAGE_TYPES.ORDER_STATUS,
    title: words.title,
    shopPath: view.shopPath,
    body: <Receipt view={view} day={(iso) => formatLongDate(iso, locale, timeZone)} />,
  });
}
