// @vitest-environment happy-dom
/**
 * The checkout page's payment part as the server draws it: Card first when the store connected
 * Stripe, with the mark that gives the page Stripe's hosts in its policy; its form's box with the
 * loading status, or the failure and a way to load it again; no "not taking payments" word when
 * Stripe is the only way to pay.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../contracts/cart';
import { usesStripe } from '../../domain/checkout/stripe-js';
import type { CheckoutPageProps, CheckoutValues } from './checkout-model';
import { CheckoutView, type CardForm } from './checkout-view';

const cart: CartAnswer = {
  id: 'c1',
  websiteId: 'w1',
  orderId: '',
  created: 0,
  isPurchased: false,
  entries: [
    {
      id: 'e1',
      productId: 'p1',
      variantId: 'v1',
      productName: 'Harbour mug',
      productType: 'DIGITAL',
      path: '/shop/harbour-mug',
      image: null,
      optionValues: [],
      sku: 'MUG',
      quantity: 1,
      unitPriceCents: 2500,
      regularPriceCents: 2500,
      subtotalCents: 2500,
      discountCents: 0,
      taxCents: 0,
      totalCents: 2500,
      availability: { state: 'available' },
    },
  ],
  shippingOptions: [],
  selectedShippingOption: {},
  shippingLocation: {},
  applicableTaxRules: [],
  coupons: [],
  validCoupons: [],
  invalidCoupons: [],
  subtotalCents: 2500,
  taxCents: 0,
  shippingCostCents: 0,
  discountCents: 0,
  grandTotalCents: 2500,
  totalQuantity: 1,
  subtotalAmount: { currency: 'GBP', minor: 2500 },
  hasDigital: true,
  purelyDigital: true,
  requiresShipping: false,
  pricesIncludeTax: true,
  minimumSubtotalCents: 0,
  meetsMinimum: true,
  needsLocation: false,
  noShippingToLocation: false,
};

const values: CheckoutValues = { email: '', name: '', line1: '', line2: '', city: '', region: '', postcode: '', country: '', method: '', card: '' };

function render(payment: Partial<CheckoutPageProps['payment']>, method = '', cardForm?: CardForm) {
  const props: CheckoutPageProps = {
    cart,
    money: { locale: 'en-GB', localeFormatting: true },
    shopPath: '/shop',
    cartPath: '/cart',
    countries: [],
    regions: {},
    email: '',
    payment: { testMode: false, testCards: [], manual: [], stripe: null, ...payment },
    error: undefined,
  };
  const html = renderToStaticMarkup(<CheckoutView {...props} values={{ ...values, method }} cardForm={cardForm} />);
  document.body.innerHTML = html;
  const part = document.querySelector('.checkout-payment')!;
  return { html, part, choices: [...part.querySelectorAll('.checkout-choice-name')].map((n) => n.textContent) };
}

const stripe = { publishableKey: 'pk_test_abc12345' };
const form = (state: CardForm['state']): CardForm => ({ state, target: null, onRetry: () => undefined });

describe('paying by card through Stripe', () => {
  it('lists Card first, marked for Stripe, when the store connected it, and only then', () => {
    const manual = [{ method: 'bank_transfer' as const, instructions: 'Pay to us.' }];
    const offered = render({ stripe, manual });
    expect(offered.choices).toEqual(['Card', 'Bank transfer']);
    expect(usesStripe(offered.html)).toBe(true);
    expect(offered.part.querySelector('[data-payment-provider="stripe"] input[type="radio"]')?.getAttribute('value')).toBe('card');
    const without = render({ manual });
    expect(without.choices).toEqual(['Bank transfer']);
    expect(usesStripe(without.html)).toBe(false);
  });

  it('says the store takes no payments only when there is no way at all to pay', () => {
    expect(render({ stripe }).part.textContent).not.toContain('This store is not taking payments yet.');
    expect(render({}).part.textContent).toContain('This store is not taking payments yet.');
  });

  it('draws the card form’s box only once Card is chosen: loading, then failed with a way to load it again', () => {
    expect(render({ stripe }).part.querySelector('.checkout-card')).toBeNull();
    const loading = render({ stripe }, 'card', form('loading')).part;
    expect(loading.textContent).toContain('Your card details go straight to Stripe and never reach this store.');
    expect(loading.querySelector('.checkout-card [role="status"]')?.textContent).toBe('Loading the card form…');
    expect(loading.querySelector('.checkout-card-element')?.childNodes).toHaveLength(0);
    const failed = render({ stripe }, 'card', form('failed')).part;
    expect(failed.querySelector('.checkout-card [role="alert"]')?.textContent).toContain('The card form could not be loaded.');
    expect(failed.querySelector('.checkout-card button')?.textContent).toBe('Load the card form again');
    const ready = render({ stripe }, 'card', form('ready')).part;
    expect(ready.querySelector('.checkout-card-status')).toBeNull();
  });
});
