/**
 * The order confirmation to the shopper (000-1.09 for what a digital product and a gift card
 * deliver): the number, the lines, the totals, where it ships, how to pay a manual payment, the
 * download links and gift card codes, and the link to the order's page; a test-mode order says
 * that no money was taken. The same words go out as HTML in the site's frame and as plain text.
 */
import { format } from '../../../../messages/format';
import { orderEmails as words } from '../../../../messages/order-emails';
import { Amounts, Button, emailHtml, Lines, Opening, Section, styles, type AmountRow, type MailLine, type MailSite } from './frame';

export type ConfirmationView = {
  site: MailSite;
  lang: string;
  number: number;
  /** The order awaits a manual payment (order received) rather than being paid for (order confirmed). */
  awaitingPayment: boolean;
  lines: MailLine[];
  totals: AmountRow[];
  /** "Including VAT …" when prices include tax. */
  includedTax?: string;
  shipTo?: string[];
  payment?: { method: string; instructions: string };
  downloads: { name: string; url: string }[];
  downloadDays: number;
  giftCards: { amount: string; code: string }[];
  orderUrl: string;
  testMode: boolean;
};

export type RenderedEmail = { subject: string; text: string; html: string };

const lineText = (l: MailLine) =>
  `${l.name}${l.options ? ` (${l.options})` : ''}\n  ${format(words.lineTotal, { quantity: l.quantity, price: l.unitPrice })}  ${l.total}`;

export function confirmationEmail(v: ConfirmationView): RenderedEmail {
  const subject = format(words.confirmationSubject, { number: v.number, site: v.site.title });
  const thanks = v.awaitingPayment ? words.receivedThanks : words.confirmationThanks;
  const text = [
    ...(v.testMode ? [words.testMode] : []),
    format(words.orderNumber, { number: v.number }),
    thanks,
    v.lines.map(lineText).join('\n'),
    [...v.totals.map((t) => `${t.label}: ${t.amount}`), ...(v.includedTax ? [v.includedTax] : [])].join('\n'),
    ...(v.shipTo ? [`${words.shipTo}\n${v.shipTo.join('\n')}`] : []),
    ...(v.payment ? [`${words.howToPay}: ${v.payment.method}\n${v.payment.instructions}`] : []),
    ...(v.downloads.length > 0
      ? [`${words.downloads}\n${v.downloads.map((d) => `${d.name}: ${d.url}`).join('\n')}\n${format(words.downloadExpires, { days: v.downloadDays })}`]
      : []),
    ...(v.giftCards.length > 0
      ? [`${words.giftCards}\n${v.giftCards.map((g) => `${format(words.giftCardOf, { amount: g.amount })}: ${g.code}`).join('\n')}\n${words.giftCardKeep}`]
      : []),
    `${words.viewOrder}: ${v.orderUrl}`,
  ].join('\n\n');
  const html = emailHtml(
    v.site,
    v.lang,
    <>
      <Opening testMode={v.testMode} number={v.number} intro={thanks} />
      <Lines lines={v.lines} unitPrices />
      <Amounts rows={v.totals} />
      {v.includedTax ? <p style={styles.muted}>{v.includedTax}</p> : null}
      {v.shipTo ? (
        <Section title={words.shipTo}>
          <p style={{ ...styles.p, whiteSpace: 'pre-line' }}>{v.shipTo.join('\n')}</p>
        </Section>
      ) : null}
      {v.payment ? (
        <Section title={`${words.howToPay}: ${v.payment.method}`}>
          <p style={{ ...styles.p, whiteSpace: 'pre-line' }}>{v.payment.instructions}</p>
        </Section>
      ) : null}
      {v.downloads.length > 0 ? (
        <Section title={words.downloads} note={format(words.downloadExpires, { days: v.downloadDays })}>
          {v.downloads.map((d) => (
            <p key={d.url} style={styles.p}>
              <a href={d.url}>{d.name}</a>
            </p>
          ))}
        </Section>
      ) : null}
      {v.giftCards.length > 0 ? (
        <Section title={words.giftCards} note={words.giftCardKeep}>
          {v.giftCards.map((g) => (
            <p key={g.code} style={styles.p}>
              {`${format(words.giftCardOf, { amount: g.amount })}: `}
              <span style={styles.code}>{g.code}</span>
            </p>
          ))}
        </Section>
      ) : null}
      <Button href={v.orderUrl}>{words.viewOrder}</Button>
    </>,
  );
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}
