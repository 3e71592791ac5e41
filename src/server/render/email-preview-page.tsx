/**
 * The commerce email preview (`/commerce/email-preview?email={kind}`, page type 301), for the
 * store's team alone: each order email about a sample order, chosen from a list, with its subject,
 * the email itself in a frame (its HTML served on its own address under a policy that runs nothing)
 * and its plain-text version. Personal: never stored, never indexed.
 */
import { PAGE_TYPES } from '../../domain/page-types';
import { emailPreview as words } from '../../messages/email-preview';
import { format } from '../../messages/format';
import type { SiteContentSource } from '../modules/content';
import type { PreviewEmail } from '../modules/orders';
import type { WebsiteRow } from '../modules/sites';
import type { ClientAssets } from './assets';
import { renderPersonalPage } from './personal-page';
import type { SiteResponse, SystemPageInfo } from './site-page';

export type EmailPreviewView = {
  kinds: readonly PreviewEmail[];
  kind: PreviewEmail;
  subject: string;
  text: string;
  /** Where the email's HTML is served, for the frame. */
  frameSrc: string;
  /** The preview's address for another email. */
  hrefOf: (kind: PreviewEmail) => string;
};

function Preview({ view }: { view: EmailPreviewView }) {
  const name = words[view.kind];
  return (
    <div className="checkout-page email-preview">
      <div className="checkout-inner">
        <h1 className="checkout-title">{words.title}</h1>
        <p>{words.intro}</p>
        <nav aria-label={words.emails}>
          <ul className="email-preview-kinds">
            {view.kinds.map((k) => (
              <li key={k}>
                <a href={view.hrefOf(k)} {...(k === view.kind ? { 'aria-current': 'page' as const } : {})}>
                  {words[k]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <h2>{name}</h2>
        <p className="email-preview-subject">{format(words.subject, { subject: view.subject })}</p>
        <iframe className="email-preview-frame" src={view.frameSrc} title={format(words.frameTitle, { name })} loading="lazy" />
        <details>
          <summary>{words.plainText}</summary>
          <pre className="email-preview-text">{view.text}</pre>
        </details>
      </div>
    </div>
  );
}

export async function renderEmailPreviewPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: SystemPageInfo,
  assets: ClientAssets,
  view: EmailPreviewView,
): Promise<SiteResponse> {
  return renderPersonalPage(source, site, info, assets, {
    pageType: PAGE_TYPES.COMMERCE_EMAIL_PREVIEW,
    title: words.title,
    shopPath: info.shopPath,
    body: <Preview view={view} />,
  });
}
