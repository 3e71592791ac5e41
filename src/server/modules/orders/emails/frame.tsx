/**
 * The frame of a store's HTML emails: the site's title (and logo, when it has one) over the
 * message, in a single centred column with inline styles, as mail readers ignore stylesheets.
 * React renders it to static markup, so every owner's and shopper's text is escaped.
 */
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { format } from '../../../../messages/format';
import { orderEmails as words } from '../../../../messages/order-emails';

export type MailSite = { title: string; origin: string; logoUrl?: string };

/** A row of amounts: a label and an amount, the total in bold. */
export type AmountRow = { label: string; amount: string; strong?: boolean };

type Style = CSSProperties;
/** Set on each cell of the frame: some mail readers do not pass a font on from outside a table. */
const font: Style = { fontFamily: '-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif' };

export const styles = {
  h1: { fontSize: 22, margin: '0 0 12px' },
  h2: { fontSize: 16, margin: '24px 0 8px' },
  p: { fontSize: 15, lineHeight: 1.5, margin: '0 0 12px' },
  muted: { color: '#555', fontSize: 13, lineHeight: 1.5, margin: '0 0 12px' },
  cell: { fontSize: 15, padding: '6px 0', verticalAlign: 'top' },
  amount: { fontSize: 15, padding: '6px 0', textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap' },
  button: { display: 'inline-block', background: '#111', color: '#fff', textDecoration: 'none', padding: '10px 18px', borderRadius: 4, fontSize: 15 },
  code: { fontFamily: 'ui-monospace,Menlo,Consolas,monospace', fontSize: 16, letterSpacing: 1 },
  notice: { background: '#fff4d6', border: '1px solid #e0c36c', padding: '8px 12px', fontSize: 14, margin: '0 0 16px' },
} satisfies Record<string, Style>;

const bold = (style: Style, strong: boolean | undefined): Style => (strong ? { ...style, fontWeight: 'bold' } : style);

export function Amounts({ rows }: { rows: AmountRow[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderTop: '1px solid #ddd', marginTop: 8 }}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <td style={bold(styles.cell, r.strong)}>{r.label}</td>
            <td style={bold(styles.amount, r.strong)}>{r.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A whole HTML email: the site's name or logo above `children`. */
export function emailHtml(site: MailSite, lang: string, children: ReactNode): string {
  const body = renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{site.title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f4f4f4' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 600, background: '#fff', textAlign: 'left' }}>
                  <tbody>
                    <tr>
                      <td style={{ ...font, padding: '20px 24px', borderBottom: '1px solid #eee' }}>
                        <a href={`${site.origin}/`} style={{ ...styles.h1, color: '#111', textDecoration: 'none' }}>
                          {site.logoUrl ? <img src={site.logoUrl} alt={site.title} height={40} style={{ display: 'block', border: 0 }} /> : site.title}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ ...font, padding: '20px 24px', color: '#111' }}>{children}</td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${body}`;
}

export type MailLine = { name: string; options: string; quantity: number; unitPrice: string; total: string };

/** The top of an order's email: the test-mode warning, the order's number and a sentence. */
export function Opening({ testMode, number, intro }: { testMode: boolean; number: number; intro: string }) {
  return (
    <>
      {testMode ? <p style={styles.notice}>{words.testMode}</p> : null}
      <h1 style={styles.h1}>{format(words.orderNumber, { number })}</h1>
      <p style={styles.p}>{intro}</p>
    </>
  );
}

/** The order's lines: name, options and (for the shopper) quantity × unit price, beside the line's total. */
export function Lines({ lines, unitPrices }: { lines: MailLine[]; unitPrices: boolean }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td style={styles.cell}>
              {unitPrices ? <strong>{l.name}</strong> : `${l.quantity} × ${l.name}`}
              {l.options ? <div style={styles.muted}>{l.options}</div> : null}
              {unitPrices ? <div style={styles.muted}>{format(words.lineTotal, { quantity: l.quantity, price: l.unitPrice })}</div> : null}
            </td>
            <td style={styles.amount}>{l.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A titled part of the email, with a note in small print beneath. */
export function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <>
      <h2 style={styles.h2}>{title}</h2>
      {children}
      {note ? <p style={styles.muted}>{note}</p> : null}
    </>
  );
}

export function Button({ href, children }: { href: string; children: string }) {
  return (
    <p style={{ ...styles.p, marginTop: 24 }}>
      <a href={href} style={styles.button}>
        {children}
      </a>
    </p>
  );
}
