/**
 * The newsletter pages every published site has, in the site's shell: confirming a sign-up
 * (`/newsletter-subscription/confirm?token=…`, the link of the confirmation email) and
 * unsubscribing (`/newsletter-subscription/unsubscribe?token=…`, page type 300, the link in every
 * newsletter email). As with the customer account pages, opening a link shows a button rather
 * than acting at once, so a mail scanner that fetches the link changes nothing; the
 * `newsletter-link` island sends the button's call through the data-request client.
 */
import type { ReactNode } from 'react';
import { PAGE_TYPES } from '../../domain/page-types';
import { NEWSLETTER_PATHS } from '../../domain/routes';
import { newsletter } from '../../messages/newsletter';
import { unsubscribeTokenValid } from '../modules/forms';
import type { SiteContentSource } from '../modules/content';
import type { WebsiteRow } from '../modules/sites';
import { siteSettings } from '../modules/sites';
import type { ClientAssets } from './assets';
import { renderPage } from './page';
import { renderContext, shell, type SiteResponse, type SystemPageInfo } from './site-page';

type Info = SystemPageInfo;

function LinkForm({ kind, token, submit, children }: { kind: 'confirm' | 'unsubscribe'; token: string; submit: string; children: ReactNode }) {
  return (
    <form className="account-form newsletter-link-form" data-newsletter-link={kind} data-token={token} noValidate>
      {children}
      <p className="form-message" role="alert" />
      <button className="button button-primary button-medium" type="submit">
        {submit}
      </button>
    </form>
  );
}

function content(path: string, websiteId: string, token: string, siteTitle: string): { title: string; pageType: number; body: ReactNode } | undefined {
  switch (path) {
    case NEWSLETTER_PATHS.CONFIRM:
      return {
        title: newsletter.confirmTitle,
        pageType: PAGE_TYPES.PAGE,
        body: token ? (
          <LinkForm kind="confirm" token={token} submit={newsletter.confirmButton}>
            <p>Confirm this email address to receive news from {siteTitle}.</p>
          </LinkForm>
        ) : (
          <p>{newsletter.confirmLinkInvalid}</p>
        ),
      };
    case NEWSLETTER_PATHS.UNSUBSCRIBE:
      return {
        title: newsletter.unsubscribe,
        pageType: PAGE_TYPES.NEWSLETTER_UNSUBSCRIBE,
        body: unsubscribeTokenValid(websiteId, token) ? (
          <LinkForm kind="unsubscribe" token={token} submit={newsletter.unsubscribe}>
            <p>Stop receiving this newsletter from {siteTitle}.</p>
          </LinkForm>
        ) : (
          <p>{newsletter.unsubscribeLinkInvalid}</p>
        ),
      };
    default:
      return undefined;
  }
}

/** Answers a /newsletter-subscription address, or undefined for one that is not a newsletter page. */
export async function renderNewsletterPage(source: SiteContentSource, site: WebsiteRow, info: Info, assets: ClientAssets): Promise<SiteResponse | undefined> {
  const settings = siteSettings(site);
  const page = content(info.path, site.id, info.query.get('token') ?? '', settings.title);
  if (!page) return undefined;
  return {
    kind: 'page',
    status: 200,
    // The token is in the address: never cached, never indexed.
    personal: true,
    page: renderPage({
      site: shell(site, info.host, info.shopPath),
      currentPath: info.path,
      ctx: renderContext(await source.read(site.id, info.path), info.host),
      assets,
      pageType: page.pageType,
      sections: [],
      head: { title: `${page.title} — ${settings.title}`, url: `${info.origin}${info.path}`, noindex: true },
      pageIslands: [...(info.pageIslands ?? []), { name: 'newsletter-link' }],
      visitor: info.visitor,
      before: (
        <div className="system-message account-page newsletter-page">
          <h1>{page.title}</h1>
          {page.body}
        </div>
      ),
    }),
  };
}
