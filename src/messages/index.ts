/**
 * The message catalogue: the texts the product shows or answers with, keyed by namespace and
 * name, as ICU messages (https://unicode-org.github.io/icu/userguide/format_parse/messages/) kept
 * word for word as the seeds write them (the single '…' character, seed 001's two spaces after
 * full stops). One namespace a file; each file imports nothing, so every layer may import it.
 *
 * Code imports the namespace it needs (`import { forms } from '../messages/forms'`), never this
 * file, so a browser chunk carries only its own namespaces: `forms.submitting` is a text,
 * `format(forms.characterCount, { length, max })` fills a message's arguments (format.ts). This
 * index is for the tests and tools that look at the whole catalogue.
 */
import { addToCart } from './add-to-cart';
import { analyticsApi } from './analytics-api';
import { analyticsReport } from './analytics-report';
import { authentication } from './authentication';
import { blog } from './blog';
import { blockCover } from './block-cover';
import { blocks } from './blocks';
import { captcha } from './captcha';
import { captchaSettings } from './captcha-settings';
import { cart } from './cart';
import { checkout } from './checkout';
import { cartApi } from './cart-api';
import { cartIndicator } from './cart-indicator';
import { checkoutApi } from './checkout-api';
import { commerce } from './commerce';
import { configArea } from './config-area';
import { cookieBanner } from './cookie-banner';
import { customers } from './customers';
import { dataRequest } from './data-request';
import { dialogs } from './dialogs';
import { editing } from './editing';
import { design } from './design';
import { editor } from './editor';
import { emails } from './emails';
import { filesScreen } from './files-screen';
import { formApi } from './form-api';
import { forms } from './forms';
import { formsConfig } from './forms-config';
import { gallery } from './gallery';
import { galleryBlock } from './gallery-block';
import { http } from './http';
import { lightbox } from './lightbox';
import { measurement } from './measurement';
import { measurementApi } from './measurement-api';
import { memberPages } from './member-pages';
import { members } from './members';
import { multilingual } from './multilingual';
import { navigation } from './navigation';
import { mapBlock } from './map-block';
import { googleMaps } from './google-maps';
import { newsletter } from './newsletter';
import { operations } from './operations';
import { pages } from './pages';
import { passwords } from './passwords';
import { paymentsApi } from './payments-api';
import { paymentMethods } from './payment-methods';
import { paymentsScreens } from './payments-screens';
import { pricing } from './pricing';
import { productChooser } from './product-chooser';
import { pricingApi } from './pricing-api';
import { orderEmails } from './order-emails';
import { emailPreview } from './email-preview';
import { sampleOrder } from './sample-order';
import { receipt } from './receipt';
import { ordersScreens } from './orders-screens';
import { ordersApi } from './orders-api';
import { pricingScreens } from './pricing-screens';
import { testPayments } from './test-payments';
import { productCsv } from './product-csv';
import { relativeTime } from './relative-time';
import { reservedPaths } from './reserved-paths';
import { richText } from './rich-text';
import { securityEmails } from './security-emails';
import { settingsScreens } from './settings-screens';
import { shop } from './shop';
import { siteChrome } from './site-chrome';
import { smtp } from './smtp';
import { storeApi } from './store-api';
import { storeCsv } from './store-csv';
import { storeScreens } from './store-screens';
import { strings } from './strings';
import { siteFilesText } from './site-files';
import { siteArchiveText } from './site-archive';
import { transferScreen } from './transfer-screen';
import { systemPages } from './system-pages';
import { team } from './team';
import { teamRoles } from './team-roles';
import { textHighlight } from './text-highlight';
import { twoFactor } from './two-factor';
import { videoBlock } from './video-block';

export const CATALOGUE = {
  addToCart,
  analyticsApi,
  analyticsReport,
  authentication,
  blog,
  blockCover,
  blocks,
  captcha,
  captchaSettings,
  cart,
  checkout,
  cartApi,
  cartIndicator,
  checkoutApi,
  commerce,
  configArea,
  cookieBanner,
  customers,
  dataRequest,
  dialogs,
  editing,
  design,
  editor,
  emails,
  filesScreen,
  formApi,
  forms,
  formsConfig,
  gallery,
  galleryBlock,
  http,
  lightbox,
  measurement,
  measurementApi,
  memberPages,
  members,
  multilingual,
  navigation,
  mapBlock,
  googleMaps,
  newsletter,
  operations,
  orderEmails,
  emailPreview,
  sampleOrder,
  receipt,
  ordersScreens,
  ordersApi,
  pages,
  passwords,
  paymentsApi,
  paymentMethods,
  paymentsScreens,
  pricing,
  productChooser,
  pricingApi,
  pricingScreens,
  testPayments,
  productCsv,
  relativeTime,
  reservedPaths,
  richText,
  securityEmails,
  settingsScreens,
  shop,
  siteChrome,
  siteFilesText,
  siteArchiveText,
  transferScreen,
  smtp,
  storeApi,
  storeCsv,
  storeScreens,
  strings,
  systemPages,
  team,
  teamRoles,
  textHighlight,
  twoFactor,
  videoBlock,
} as const;

export type Namespace = keyof typeof CATALOGUE;
