// @vitest-environment happy-dom
/**
 * The cart page's view as the server draws it: each line with its picture, linked name, options,
 * struck regular price on sale, stepper, Remove and total, and its availability note; the codes
 * that apply and those that do not with their reason; the shipping options as radio buttons; tax
 * included or added; the minimum-subtotal message; the empty cart. Every control is a form that
 * posts to the cart page's form endpoint with the crumb, so the page works without JavaScript.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartAnswer, CartEntryAnswer } from '../../contracts/cart';
import { CartView, type CartPageProps } from './cart-view';

const entry = (more: Partial<CartEntryAnswer>): CartEntryAnswer => ({
  id: 'e1',
  productId: 'p1',
  variantId: 'v1',
  productName: 'Speckled Mug',
  productType: 'PHYSICAL',
  path: '/shop/speckled-mug',
  image: { file: '/s/mug.jpg', alt: 'A mug' },
  optionValues: [{ optionName: 'Glaze', value: 'Ash' }],
  sku: 'MUG-ASH',
  quantity: 2,
  unitPriceCents: 2200,
  regularPriceCents: 2800,
  subtotalCents: 4400,
  discountCents: 0,
  taxCents: 0,
  totalCents: 4400,
  availability: { state: 'low', left: 2 },
  ...more,
});

const base: CartAnswer = {
  id: 'c1',
  websiteId: 'w1',
  orderId: '',
  created: 0,
  isPurchased: false,
  entries: [
    entry({}),
    entry({
      id: 'e2',
      productName: 'Studio Tour',
      productType: 'SERVICE',
      image: null,
      optionValues: [],
      regularPriceCents: 1500,
      unitPriceCents: 1500,
      quantity: 1,
      subtotalCents: 1500,
      availability: { state: 'soldOut' },
    }),
  ],
  shippingOptions: [
    { id: 'o1', zoneId: 'z1', name: 'Royal Mail', kind: 'FLAT', amountCents: 395 },
    { id: 'o2', zoneId: 'z1', name: 'Collect from the studio', kind: 'PICKUP', amountCents: 0 },
  ],
  selectedShippingOption: { id: 'o1', zoneId: 'z1', name: 'Royal Mail', kind: 'FLAT', amountCents: 395 },
  shippingLocation: { country: 'GB', postcode: 'SW1' },
  applicableTaxRules: [{ ruleId: 't1', name: 'VAT', ratePercent: 20, taxCents: 1049 }],
  coupons: ['WELCOME10', 'OLD'],
  validCoupons: [{ couponId: 'k1', code: 'WELCOME10', kind: 'PERCENT', discountCents: 590 }],
  invalidCoupons: [{ code: 'OLD', reason: 'ENDED', message: 'This code has expired.' }],
  subtotalCents: 5900,
  taxCents: 1049,
  shippingCostCents: 395,
  discountCents: 590,
  grandTotalCents: 5705,
  totalQuantity: 3,
  subtotalAmount: { currency: 'GBP', minor: 5900 },
  hasDigital: false,
  purelyDigital: false,
  requiresShipping: true,
  pricesIncludeTax: true,
  minimumSubtotalCents: 0,
  meetsMinimum: true,
  needsLocation: false,
  noShippingToLocation: false,
};

function render(cart: Partial<CartAnswer> = {}) {
  const props: CartPageProps = {
    cart: { ...base, ...cart },
    money: { locale: 'en-GB', localeFormatting: true },
    crumb: 'abc+/=',
    shopPath: '/shop',
    countries: [
      { code: 'FR', name: 'France' },
      { code: 'GB', name: 'United Kingdom' },
    ],
  };
  document.body.innerHTML = renderToStaticMarkup(<CartView {...props} />);
  return document.body;
}
const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((n) => n.textContent);

describe('the cart page view', () => {
  // covers 000-1.05
  it('shows each line with its picture, linked name, options, prices, quantity, Remove, total and availability', () => {
    const page = render();
    const [mug, tour] = [...page.querySelectorAll('.cart-line')];
    expect(mug!.querySelector('img')!.getAttribute('alt')).toBe('A mug');
    expect(mug!.querySelector('a')!.getAttribute('href')).toBe('/shop/speckled-mug');
    expect(mug!.querySelector('.cart-line-options')!.textContent).toBe('Glaze: Ash');
    expect(mug!.querySelector('s.price-was')!.textContent).toBe('£28.00');
    expect(mug!.querySelector('.price-now')!.textContent).toBe('£22.00');
    expect((mug!.querySelector('input[type="number"]') as HTMLInputElement).value).toBe('2');
    expect(mug!.querySelector('label')!.textContent).toBe('Quantity of Speckled Mug');
    expect(mug!.querySelector('[aria-label="Decrease the quantity of Speckled Mug"]')).not.toBeNull();
    expect(mug!.querySelector('.cart-line-total')!.textContent).toBe('£44.00');
    expect(mug!.querySelector('.cart-line-note')!.textContent).toBe('Only 2 left');
    expect(tour!.querySelector('.cart-line-note')!.textContent).toBe('Sold out');
    expect(tour!.querySelector('s')).toBeNull();
    expect([...page.querySelectorAll('.cart-remove button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove item: Speckled Mug',
      'Remove item: Studio Tour',
    ]);
  });

  it('posts every control to the cart page with the crumb and the fields of its action', () => {
    const page = render();
    const forms = [...page.querySelectorAll('form[method="post"]')];
    expect(new Set(forms.map((f) => f.getAttribute('action')))).toEqual(new Set(['/cart?crumb=abc%2B%2F%3D']));
    expect(forms.every((f) => f.getAttribute('method') === 'post')).toBe(true);
    const actions = forms.map((f) => (f.querySelector('input[name="action"]') as HTMLInputElement).value);
    expect(new Set(actions)).toEqual(new Set(['quantity', 'remove', 'coupon', 'removeCoupon', 'location', 'option']));
    const increase = page.querySelector('[aria-label="Increase the quantity of Speckled Mug"]')!.closest('form')!;
    expect(Object.fromEntries(new FormData(increase))).toEqual({ action: 'quantity', entryId: 'e1', quantity: '3' });
  });

  it('lists the codes that apply and those that do not with their reason, the shipping options, and the totals with VAT included', () => {
    const page = render();
    expect(texts(page, '.cart-coupon > span')).toEqual(['Code WELCOME10: £5.90 off', 'Code OLD: This code has expired.']);
    expect(page.querySelector('select[name="country"] option[selected]')!.textContent).toBe('United Kingdom');
    expect(texts(page, '.cart-option-name')).toEqual(['Royal Mail', 'Collect from the studio']);
    expect(texts(page, '.cart-option-price')).toEqual(['£3.95', 'Free']);
    expect(page.querySelector<HTMLInputElement>('input[value="o1"]')!.checked).toBe(true);
    expect(texts(page, '.cart-total-row dt')).toEqual(['Subtotal', 'Discounts', 'Shipping cost', 'Order total']);
    expect(texts(page, '.cart-total-row dd')).toEqual(['£59.00', '−£5.90', '£3.95', '£57.05']);
    expect(page.querySelector('.cart-tax-included')!.textContent).toBe('Including VAT £10.49');
    expect(page.querySelector('.cart-minimum')).toBeNull();
  });

  it('adds tax as a line when prices exclude it, and says what the minimum subtotal is when the cart is below it', () => {
    const page = render({ pricesIncludeTax: false, meetsMinimum: false, minimumSubtotalCents: 10000, requiresShipping: false });
    expect(texts(page, '.cart-total-row dt')).toEqual(['Subtotal', 'Discounts', 'Sales tax', 'Order total']);
    expect(page.querySelector('.cart-shipping')).toBeNull();
    expect(page.querySelector('.cart-minimum')!.textContent).toBe('To check out, your order subtotal must be £100.00 or more.');
    const checkout = page.querySelector<HTMLButtonElement>('.cart-checkout button')!;
    expect(checkout.disabled).toBe(true);
    expect(page.querySelector(`#${checkout.getAttribute('aria-describedby')}`)!.textContent).toBe(page.querySelector('.cart-minimum')!.textContent);
  });

  it('goes to checkout through the top window, a form that works without JavaScript', () => {
    const form = render().querySelector('form.cart-checkout')!;
    expect([form.getAttribute('method'), form.getAttribute('action'), form.getAttribute('target')]).toEqual(['get', '/commerce/goto-checkout', '_top']);
    expect(form.querySelector<HTMLButtonElement>('button')!.textContent).toBe('Checkout');
    expect(form.querySelector<HTMLButtonElement>('button')!.disabled).toBe(false);
  });

  it('says an empty cart is empty and leads back to the shop', () => {
    const page = render({ entries: [] });
    expect(page.querySelector('.cart-empty')!.textContent).toContain('Your cart is empty');
    expect(page.querySelector('.cart-empty a')!.getAttribute('href')).toBe('/shop');
    expect(page.querySelector('form')).toBeNull();
  });
});
