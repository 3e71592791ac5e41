/** The orders module's face: what checkout and the page routes may use. */
export { orderForToken, accessTokenHashOf, type OrderView, type OrderViewLine } from './order-view';
