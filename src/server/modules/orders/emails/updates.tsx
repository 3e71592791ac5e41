/**
 * The emails that follow an order to its shopper after the confirmation: some or all of it sent
 * (what is in the parcel, the carrier, the tracking number and its link), money given back (how
 * much, for what, and when it shows), and the order cancelled (what becomes of the payment). Each
 * ends with the order's status page, where the shopper finds it all again.
 */
import { format } from '../../../../messages/format';
import { orderEmails as words } from '../../../../messages/order-emails';
import { paymentsScreens } from '../../../../messages/payments-screens';
import { pricingScreens } from '../../../../messages/pricing-screens';
import type { RenderedEmail } from './confirmation';
import { Amounts, Button, emailHtml, Opening, Section, styles, type MailSite } from './frame';

type Common = { site: MailSite; lang: string; number: number; statusUrl: string; testMode: boolean };

export type FulfilmentView = Common & {
  /** Whether this parcel leaves nothing more to send. */
  complete: boolean;
  items: { quantity: number; name: string; options: string }[];
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
};

export type RefundView = Common & {
  amount: string;
  items: { quantity: number; name: string }[];
  /** The shipping given back, written as money; absent when none was. */
  shipping?: string;
  /** card: back on the card in some days; manual: paid back as the store arranges with the shopper. */
  paidBy: 'card' | 'manual';
};

export type CancellationView = Common & {
  /** Why, when the store says (an order never paid); the owner's own reason stays the team's. */
  reason: string;
  /** What becomes of the payment: a hold on the card released, nothing taken, or a refund to follow. */
  payment: 'released' | 'notTaken' | 'refunded';
};

const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ');
const itemLine = (i: { quantity: number; name: string; options?: string }) => `${i.quantity} × ${i.name}${i.options ? ` (${i.options})` : ''}`;

function Items({ items }: { items: { quantity: number; name: string; options?: string }[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {items.map((item, i) => (
          <tr key={i}>
            <td style={styles.cell}>
              {`${item.quantity} × ${item.name}`}
              {item.options ? <div style={styles.muted}>{item.options}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function fulfilmentEmail(v: FulfilmentView): RenderedEmail {
  const subject = v.complete
    ? format(words.sentSubject, { number: v.number, site: v.site.title })
    : format(words.partlySentSubject, { number: v.number, site: v.site.title });
  const intro = v.complete ? words.sentIntro : words.partlySentIntro;
  const tracking = [
    v.carrier ? format(words.carrier, { carrier: v.carrier }) : '',
    v.trackingNumber ? format(words.tracking, { number: v.trackingNumber }) : '',
  ]
    .filter((t) => t !== '')
    .join('\n');
  const text = [
    ...(v.testMode ? [words.testMode] : []),
    `${format(words.orderNumber, { number: v.number })}\n${intro}`,
    `${words.inThisParcel}\n${v.items.map(itemLine).join('\n')}`,
    ...(tracking ? [tracking] : []),
    ...(v.trackingUrl ? [`${words.trackParcel}: ${v.trackingUrl}`] : []),
    `${words.viewOrder}: ${v.statusUrl}`,
  ].join('\n\n');
  const html = emailHtml(
    v.site,
    v.lang,
    <>
      <Opening testMode={v.testMode} number={v.number} intro={intro} />
      <Section title={words.inThisParcel}>
        <Items items={v.items} />
      </Section>
      {tracking ? <p style={{ ...styles.p, whiteSpace: 'pre-line', marginTop: 16 }}>{tracking}</p> : null}
      {v.trackingUrl ? <Button href={v.trackingUrl}>{words.trackParcel}</Button> : null}
      <Button href={v.statusUrl}>{words.viewOrder}</Button>
    </>,
  );
  return { subject: oneLine(subject), text, html };
}

export function refundEmail(v: RefundView): RenderedEmail {
  const subject = format(words.refundSubject, { number: v.number, amount: v.amount });
  const intro = format(words.refundIntro, { amount: v.amount });
  const when = v.paidBy === 'card' ? words.refundCardTiming : words.refundManualTiming;
  const rows = [
    ...v.items.map((i) => ({ label: itemLine(i), amount: '' })),
    ...(v.shipping ? [{ label: pricingScreens.shippingTitle, amount: v.shipping }] : []),
    { label: paymentsScreens.refunded, amount: v.amount, strong: true },
  ];
  const text = [
    ...(v.testMode ? [words.testMode] : []),
    `${format(words.orderNumber, { number: v.number })}\n${intro}`,
    ...(v.items.length > 0 ? [v.items.map(itemLine).join('\n')] : []),
    ...(v.shipping ? [`${pricingScreens.shippingTitle}: ${v.shipping}`] : []),
    when,
    `${words.viewOrder}: ${v.statusUrl}`,
  ].join('\n\n');
  const html = emailHtml(
    v.site,
    v.lang,
    <>
      <Opening testMode={v.testMode} number={v.number} intro={intro} />
      <Amounts rows={rows} />
      <p style={{ ...styles.muted, marginTop: 16 }}>{when}</p>
      <Button href={v.statusUrl}>{words.viewOrder}</Button>
    </>,
  );
  return { subject: oneLine(subject), text, html };
}

const CANCEL_PAYMENT = { released: words.cancelReleased, notTaken: words.cancelNotTaken, refunded: words.cancelRefunded } as const;

export function cancellationEmail(v: CancellationView): RenderedEmail {
  const subject = format(words.cancelSubject, { number: v.number, site: v.site.title });
  const payment = CANCEL_PAYMENT[v.payment];
  const text = [
    ...(v.testMode ? [words.testMode] : []),
    `${format(words.orderNumber, { number: v.number })}\n${words.cancelIntro}`,
    ...(v.reason ? [format(words.reason, { reason: v.reason })] : []),
    payment,
    `${words.viewOrder}: ${v.statusUrl}`,
  ].join('\n\n');
  const html = emailHtml(
    v.site,
    v.lang,
    <>
      <Opening testMode={v.testMode} number={v.number} intro={words.cancelIntro} />
      {v.reason ? <p style={styles.p}>{format(words.reason, { reason: v.reason })}</p> : null}
      <p style={styles.p}>{payment}</p>
      <Button href={v.statusUrl}>{words.viewOrder}</Button>
    </>,
  );
  return { subject: oneLine(subject), text, html };
}
