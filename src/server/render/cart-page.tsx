/**
 * The cart page (`/cart`, page type 205 commerce cart v2) in the site's shell: this shopper's cart,
 * so rendered per request and never cached. The cart view (src/ui/cart/cart-view.tsx) is drawn
 * inside the cart root (`<div class="cart-page" data-cart-root>`, seed 001 §2) and its state is
 * written beside it for the cart page's island, which hydrates it; without JavaScript its forms
 * post to `POST /cart`. Countries are named in the site's language (Intl.DisplayNames).
 */
import { PAGE_TYPES } from '../../domain/page-types';
import { cart as words } from '../../messages/cart';
import { CartView, type CartPageProps } from '../../ui/cart/cart-view';
import type { SiteContentSource } from '../modules/content';
import type { WebsiteRow } from '../modules/sites';
import { siteSettings } from '../modules/sites';
import type { ClientAssets } from './assets';
import { IslandRoot, renderPersonalPage, type PersonalPageInfo } from './personal-page';
import type { SiteResponse } from './site-page';

/** The cart page's island (src/runtime/islands/cart-page.tsx). */
export const CART_PAGE_ISLAND = 'cart-page';

type Info = PersonalPageInfo;

/** Codes Intl names that are not countries one ships to (groupings, reserved and private-use codes). */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const byLocale = new Map<string, CartPageProps['countries']>();

/** Every country Intl has a name for, in the locale's words and order (worked out once per locale). */
export function countryChoices(locale: string): CartPageProps['countries'] {
  let found = byLocale.get(locale);
  if (!found) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
    const list: { code: string; name: string }[] = [];
    for (const a of LETTERS)
      for (const b of LETTERS) {
        const code = a + b;
        // A retired code (DY for Benin) names the country of its successor: only the code in use is listed.
        const current = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
        const name = current && !NOT_COUNTRIES.has(code) ? names.of(code) : undefined;
        if (name) list.push({ code, name });
      }
    found = list.sort((x, y) => x.name.localeCompare(y.name, locale));
    byLocale.set(locale, found);
  }
  return found;
}

export async function renderCartPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: Info,
  assets: ClientAssets,
  view: Omit<CartPageProps, 'countries'>,
): Promise<SiteResponse> {
  const props: CartPageProps = { ...view, countries: countryChoices(siteSettings(site).locale) };
  return renderPersonalPage(source, site, info, assets, {
    pageType: PAGE_TYPES.COMMERCE_CART_V2,
    title: words.pageTitle,
    shopPath: view.shopPath,
    islands: [CART_PAGE_ISLAND],
    body: (
      <IslandRoot name="cart" island={CART_PAGE_ISLAND} state={props}>
        <CartView {...props} />
      </IslandRoot>
    ),
  });
}
