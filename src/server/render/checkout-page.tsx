/**
 * The checkout page (`/checkout`, page type 201) in the site's shell, as the cart page is: this
 * shopper's cart, so rendered per request and never stored. The form (src/ui/checkout/checkout-view.tsx)
 * is drawn inside its root and its state written beside it for the checkout page's island, which
 * hydrates it. Countries are named in the site's language, as on the cart page.
 */
import { REGION_COUNTRIES, regionsOf, type Region } from '../../domain/checkout/regions';
import { PAGE_TYPES } from '../../domain/page-types';
import { checkout as words } from '../../messages/checkout';
import type { CheckoutPageProps } from '../../ui/checkout/checkout-model';
import { initialValues } from '../../ui/checkout/checkout-model';
import { CheckoutView } from '../../ui/checkout/checkout-view';
import type { SiteContentSource } from '../modules/content';
import { siteSettings, type WebsiteRow } from '../modules/sites';
import type { ClientAssets } from './assets';
import { countryChoices } from './cart-page';
import { IslandRoot, renderPersonalPage } from './personal-page';
import type { SiteResponse, SystemPageInfo } from './site-page';

/** The checkout page's island (src/runtime/islands/checkout-page.tsx). */
export const CHECKOUT_PAGE_ISLAND = 'checkout-page';

const REGIONS: Readonly<Record<string, readonly Region[]>> = Object.fromEntries(REGION_COUNTRIES.map((c) => [c, regionsOf(c)!]));

export async function renderCheckoutPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: SystemPageInfo,
  assets: ClientAssets,
  view: Omit<CheckoutPageProps, 'countries' | 'regions'>,
): Promise<SiteResponse> {
  const props: CheckoutPageProps = { ...view, countries: countryChoices(siteSettings(site).locale), regions: REGIONS };
  return renderPersonalPage(source, site, info, assets, {
    pageType: PAGE_TYPES.CHECKOUT,
    title: words.checkout,
    shopPath: view.shopPath,
    islands: [CHECKOUT_PAGE_ISLAND],
    body: (
      <IslandRoot name="checkout" island={CHECKOUT_PAGE_ISLAND} state={props}>
        <CheckoutView {...props} values={initialValues(props)} />
      </IslandRoot>
    ),
  });
}
