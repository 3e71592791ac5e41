/**
 * The config area's screens: each has an address of its own under /config/ (a reload stays on it,
 * Back and Forward move between screens, an address can be bookmarked or sent to a team member),
 * and a place in the sidebar's groups. The editor's addresses are /config/pages/{id} and
 * /config/posts/{id} (./editor/target.ts); /config/design is the seed's design path (000 §2);
 * /config/ itself is the site's preview (with `frameUrl`, the page being left).
 */
import type { ConfigArea } from '../../domain/permissions';
import { blog } from '../../messages/blog';
import { configArea } from '../../messages/config-area';
import { customers } from '../../messages/customers';
import { filesScreen } from '../../messages/files-screen';
import { navigation } from '../../messages/navigation';
import { paymentsScreens } from '../../messages/payments-screens';
import { pricingScreens } from '../../messages/pricing-screens';
import { storeScreens } from '../../messages/store-screens';
import { editorTargetAt } from '../editor/target';

export type ScreenId =
  | 'preview'
  | 'account'
  | 'pages'
  | 'blog'
  | 'files'
  | 'design'
  | 'navigation'
  | 'forms'
  | 'analytics'
  | 'settings'
  | 'team'
  | 'mail'
  | 'captcha'
  | 'cookie-banner'
  | 'transfer'
  | 'system'
  | 'activity'
  | 'labs'
  | 'languages'
  | 'store-products'
  | 'store-inventory'
  | 'store-categories'
  | 'store-settings'
  | 'store-coupons'
  | 'store-shipping'
  | 'store-taxes'
  | 'store-payments'
  | 'store-orders'
  | 'store-customers';

/** Each screen's address; a screen's label is its heading too. */
export const SCREEN_ADDRESSES: Record<ScreenId, string> = {
  preview: '/config/',
  account: '/config/account',
  pages: '/config/pages',
  blog: '/config/blog',
  files: '/config/files',
  design: '/config/design',
  navigation: '/config/navigation',
  forms: '/config/forms',
  analytics: '/config/analytics',
  settings: '/config/settings',
  team: '/config/team',
  mail: '/config/email',
  captcha: '/config/captcha',
  'cookie-banner': '/config/cookie-banner',
  transfer: '/config/import-export',
  system: '/config/jobs',
  activity: '/config/activity',
  labs: '/config/labs',
  languages: '/config/languages',
  'store-products': '/config/store/products',
  'store-inventory': '/config/store/inventory',
  'store-categories': '/config/store/categories',
  'store-settings': '/config/store/settings',
  'store-coupons': '/config/store/coupons',
  'store-shipping': '/config/store/shipping',
  'store-taxes': '/config/store/taxes',
  'store-payments': '/config/store/payments',
  'store-orders': '/config/store/orders',
  'store-customers': '/config/store/customers',
};

/** A sidebar entry: the screen, its label, and the area a role must be able to use to see it. */
export type NavEntry = { id: ScreenId; label: string; area: ConfigArea };

/**
 * The sidebar's groups, in order. Languages shows only while its Labs feature is on (the caller
 * leaves it out otherwise); an entry shows only to roles that may use its area.
 */
export const NAV_GROUPS: { label: string; entries: NavEntry[] }[] = [
  {
    label: 'Website',
    entries: [
      { id: 'pages', label: 'Pages', area: 'pages' },
      { id: 'blog', label: blog.title, area: 'pages' },
      { id: 'files', label: filesScreen.title, area: 'pages' },
      { id: 'design', label: 'Design', area: 'design' },
      { id: 'navigation', label: navigation.title, area: 'design' },
    ],
  },
  {
    label: 'Sell and engage',
    entries: [
      { id: 'store-products', label: storeScreens.productsTitle, area: 'commerce-inventory' },
      { id: 'store-inventory', label: storeScreens.inventoryTitle, area: 'commerce-inventory' },
      { id: 'store-categories', label: blog.categories, area: 'commerce-inventory' },
      { id: 'store-orders', label: paymentsScreens.ordersTitle, area: 'commerce-orders' },
      { id: 'store-customers', label: customers.title, area: 'commerce-orders' },
      { id: 'store-coupons', label: pricingScreens.couponsTitle, area: 'commerce-coupons' },
      { id: 'store-shipping', label: pricingScreens.shippingTitle, area: 'commerce-shipping' },
      { id: 'store-taxes', label: pricingScreens.taxesTitle, area: 'commerce-taxes' },
      { id: 'store-payments', label: paymentsScreens.paymentsTitle, area: 'commerce-payments' },
      { id: 'store-settings', label: storeScreens.settingsTitle, area: 'commerce-payments' },
      { id: 'forms', label: 'Forms', area: 'forms' },
      { id: 'analytics', label: 'Analytics', area: 'analytics' },
    ],
  },
  {
    label: 'Settings',
    entries: [
      { id: 'settings', label: 'Settings', area: 'settings' },
      { id: 'team', label: 'Team', area: 'team' },
      { id: 'mail', label: 'Email', area: 'mail' },
      { id: 'captcha', label: 'Captcha', area: 'settings' },
      { id: 'cookie-banner', label: 'Cookie banner', area: 'settings' },
      { id: 'transfer', label: configArea.importExportTitle, area: 'transfer' },
      { id: 'system', label: 'Background jobs', area: 'system' },
      { id: 'activity', label: 'Activity', area: 'activity' },
      { id: 'labs', label: 'Labs', area: 'settings' },
      { id: 'languages', label: 'Languages', area: 'settings' },
    ],
  },
];

const BY_ADDRESS = new Map(Object.entries(SCREEN_ADDRESSES).map(([id, address]) => [address, id as ScreenId]));

/** The screen an address names: an editor address opens the list it belongs to; an unknown one, the preview. */
export function screenAt(pathname: string): ScreenId {
  const target = editorTargetAt(pathname);
  if (target) return target.kind === 'post' ? 'blog' : 'pages';
  // A product's editor (/config/store/products/{id}) is part of the Products screen.
  if (pathname.startsWith(`${SCREEN_ADDRESSES['store-products']}/`)) return 'store-products';
  // An order (/config/store/orders/{id}) is part of the Orders screen.
  if (pathname.startsWith(`${SCREEN_ADDRESSES['store-orders']}/`)) return 'store-orders';
  // A customer (/config/store/customers/{id}) is part of the Customers screen.
  if (pathname.startsWith(`${SCREEN_ADDRESSES['store-customers']}/`)) return 'store-customers';
  // A part of the site's design (/config/design/colours) is the Design screen's.
  if (pathname.startsWith(`${SCREEN_ADDRESSES.design}/`)) return 'design';
  const bare = pathname.length > '/config/'.length ? pathname.replace(/\/+$/, '') : pathname;
  return BY_ADDRESS.get(bare) ?? 'preview';
}
