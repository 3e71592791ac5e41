/**
 * The new-order notice to the store's team: the number, the customer, the total, the lines and
 * how it is paid, with a link to the orders in the config area. Gift card codes and download links
 * are the shopper's alone and never appear here.
 */
import { format } from '../../../../messages/format';
import { orderEmails as words } from '../../../../messages/order-emails';
import type { RenderedEmail } from './confirmation';
import { Button, emailHtml, Lines, Opening, styles, type MailLine, type MailSite } from './frame';

export type NoticeView = {
  site: MailSite;
  lang: string;
  number: number;
  customer: string;
  email: string;
  total: string;
  method: string;
  lines: MailLine[];
  ordersUrl: string;
  testMode: boolean;
};

export function newOrderNotice(v: NoticeView): RenderedEmail {
  const subject = format(words.noticeSubject, { number: v.number, total: v.total });
  const intro = format(words.noticeIntro, { customer: v.customer, email: v.email, number: v.number, total: v.total });
  const payment = format(words.noticePayment, { method: v.method });
  const lines = v.lines.map((l) => `${l.quantity} × ${l.name}${l.options ? ` (${l.options})` : ''}  ${l.total}`);
  const text = [...(v.testMode ? [words.testMode] : []), intro, lines.join('\n'), payment, `${words.manageOrders}: ${v.ordersUrl}`].join('\n\n');
  const html = emailHtml(
    v.site,
    v.lang,
    <>
      <Opening testMode={v.testMode} number={v.number} intro={intro} />
      <Lines lines={v.lines} unitPrices={false} />
      <p style={styles.p}>{payment}</p>
      <Button href={v.ordersUrl}>{words.manageOrders}</Button>
    </>,
  );
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}
