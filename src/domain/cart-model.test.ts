import { describe, expect, it } from 'vitest';
import { CART_FIELDS, createCartModel } from './cart-model';

/** A cart as the server answers it (src/contracts/cart.ts), with its extras. */
const answer = {
  id: 'c0ffee',
  websiteId: 'site1',
  orderId: '',
  created: Date.UTC(2026, 2, 1, 12),
  isPurchased: false,
  entries: [{ id: 'e1', quantity: 2 }],
  shippingOptions: [{ id: 'std', amountCents: 500 }],
  selectedShippingOption: { id: 'std', amountCents: 500 },
  shippingLocation: { country: 'GB' },
  applicableTaxRules: [],
  coupons: ['WELCOME10'],
  validCoupons: [],
  invalidCoupons: [],
  subtotalCents: 2500,
  taxCents: 417,
  shippingCostCents: 500,
  discountCents: 0,
  grandTotalCents: 3000,
  totalQuantity: 2,
  subtotalAmount: { currency: 'GBP', minor: 2500 },
  hasDigital: false,
  purelyDigital: false,
  requiresShipping: true,
  currency: 'GBP',
  meetsMinimum: true,
};

describe('the shopping cart client model', () => {
  // covers 000-3.07, 001-3.01
  it('keeps id, websiteId and orderId as strings, empty by default, and refuses any other kind', () => {
    const cart = createCartModel(answer);
    expect([cart.id, cart.websiteId, cart.orderId]).toEqual(['c0ffee', 'site1', '']);
    expect([createCartModel().id, createCartModel().websiteId, createCartModel().orderId]).toEqual(['', '', '']);
    expect(() => createCartModel({ id: 42 })).toThrow(new TypeError('Cart field id must be a string'));
    expect(() => createCartModel({ websiteId: null })).toThrow(/websiteId/);
    expect(() => createCartModel({ orderId: ['o1'] })).toThrow(/orderId/);
  });

  // covers 000-3.08, 001-3.01
  it('keeps created as a timestamp and gives it as a date', () => {
    const cart = createCartModel(answer);
    expect(cart.created).toBeInstanceOf(Date);
    expect(cart.created.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(cart.toJSON().created).toBe(answer.created);
    cart.created = new Date('2026-04-01T00:00:00Z');
    expect(cart.toJSON().created).toBe(Date.UTC(2026, 3, 1));
    expect(createCartModel().created).toBeInstanceOf(Date);
    expect(() => createCartModel({ created: '2026-03-01' })).toThrow(/created/);
    expect(() => createCartModel({ created: new Date('not a date') })).toThrow(/created/);
  });

  // covers 000-3.09, 001-3.01
  it('is not purchased when new', () => {
    expect(createCartModel().isPurchased).toBe(false);
    expect(createCartModel({ isPurchased: true }).isPurchased).toBe(true);
    expect(() => createCartModel({ isPurchased: 'false' })).toThrow(/isPurchased/);
  });

  // covers 000-3.10, 001-3.01
  it('keeps entries, shippingOptions, applicableTaxRules, coupons, validCoupons and invalidCoupons as arrays, empty by default', () => {
    const lists = ['entries', 'shippingOptions', 'applicableTaxRules', 'coupons', 'validCoupons', 'invalidCoupons'] as const;
    const empty = createCartModel();
    for (const field of lists) {
      expect(empty[field]).toEqual([]);
      expect(() => createCartModel({ [field]: {} })).toThrow(new TypeError(`Cart field ${field} must be an array`));
    }
    expect(createCartModel(answer).entries).toEqual([{ id: 'e1', quantity: 2 }]);
    // Each new cart has lists of its own.
    empty.coupons.push('A');
    expect(createCartModel().coupons).toEqual([]);
  });

  // covers 000-3.11, 001-3.01
  it('keeps selectedShippingOption and shippingLocation as objects, empty by default', () => {
    const empty = createCartModel();
    expect(empty.selectedShippingOption).toEqual({});
    expect(empty.shippingLocation).toEqual({});
    expect(createCartModel(answer).shippingLocation).toEqual({ country: 'GB' });
    for (const wrong of [null, [], 'GB']) {
      expect(() => createCartModel({ shippingLocation: wrong })).toThrow(new TypeError('Cart field shippingLocation must be an object'));
      expect(() => createCartModel({ selectedShippingOption: wrong })).toThrow(/selectedShippingOption/);
    }
  });

  // covers 000-3.12, 001-3.01
  it('keeps the six amounts as numbers, 0 when empty', () => {
    const amounts = ['subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents', 'grandTotalCents', 'totalQuantity'] as const;
    const empty = createCartModel();
    expect(amounts.map((field) => empty[field])).toEqual([0, 0, 0, 0, 0, 0]);
    const cart = createCartModel(answer);
    expect(amounts.map((field) => cart[field])).toEqual([2500, 417, 500, 0, 3000, 2]);
    for (const field of amounts) {
      expect(() => createCartModel({ [field]: '0' })).toThrow(new TypeError(`Cart field ${field} must be a finite number`));
      expect(() => createCartModel({ [field]: Number.NaN })).toThrow(field);
    }
  });

  // covers 000-3.13, 001-3.01
  it('keeps subtotalAmount as money, zero US dollars when empty', () => {
    expect(createCartModel().subtotalAmount).toEqual({ currency: 'USD', minor: 0 });
    expect(createCartModel(answer).subtotalAmount).toEqual({ currency: 'GBP', minor: 2500 });
    expect(() => createCartModel({ subtotalAmount: 2500 })).toThrow(/subtotalAmount/);
    expect(() => createCartModel({ subtotalAmount: { currency: 'XXX', minor: 0 } })).toThrow(/subtotalAmount/);
    expect(() => createCartModel({ subtotalAmount: { currency: 'USD', minor: 0.5 } })).toThrow(/subtotalAmount/);
  });

  // covers 000-3.14, 001-3.01
  it('keeps hasDigital, purelyDigital and requiresShipping as bools, false when empty', () => {
    const empty = createCartModel();
    expect([empty.hasDigital, empty.purelyDigital, empty.requiresShipping]).toEqual([false, false, false]);
    expect(createCartModel(answer).requiresShipping).toBe(true);
    for (const field of ['hasDigital', 'purelyDigital', 'requiresShipping'] as const) {
      expect(() => createCartModel({ [field]: 1 })).toThrow(new TypeError(`Cart field ${field} must be true or false`));
    }
  });

  // covers 000-3.15, 001-5.08
  it('refuses a wrongly typed value assigned to any field, and keeps the value it had', () => {
    const cart = createCartModel(answer) as Record<string, unknown>;
    // The seed's fields by kind, each with values of other kinds to refuse.
    const seed: [string[], unknown[]][] = [
      [
        ['id', 'websiteId', 'orderId'],
        [1, true, null, [], {}],
      ],
      [['created'], ['now', Number.NaN, true, null, new Date(Number.NaN)]],
      [
        ['isPurchased', 'hasDigital', 'purelyDigital', 'requiresShipping'],
        ['true', 1, null, [], {}],
      ],
      [
        ['entries', 'shippingOptions', 'applicableTaxRules', 'coupons', 'validCoupons', 'invalidCoupons'],
        [{}, 'a', 1, null],
      ],
      [
        ['selectedShippingOption', 'shippingLocation'],
        [[], 'a', 1, null],
      ],
      [
        ['subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents', 'grandTotalCents', 'totalQuantity'],
        ['1', Number.NaN, Number.POSITIVE_INFINITY, true, null, {}],
      ],
      [['subtotalAmount'], [1, {}, { currency: 'USD' }, { currency: 'XXX', minor: 1 }, null]],
    ];
    expect(seed.flatMap(([fields]) => fields).sort()).toEqual([...CART_FIELDS].sort());
    for (const [fields, wrongValues] of seed) {
      for (const field of fields) {
        const before = JSON.stringify(cart[field]);
        for (const value of wrongValues) {
          const assign = () => {
            cart[field] = value;
          };
          expect(assign, `${field} = ${String(value)}`).toThrow(TypeError);
          expect(assign, `${field} = ${String(value)}`).toThrow(`Cart field ${field} must be `);
        }
        expect(JSON.stringify(cart[field]), field).toBe(before);
      }
    }
    cart.totalQuantity = 3;
    expect(cart.totalQuantity).toBe(3);
  });

  it('keeps the fields it does not know as they came, and gives them back in its JSON', () => {
    const cart = createCartModel({ ...answer, ['__proto__']: { polluted: true } });
    expect(cart.currency).toBe('GBP');
    expect(cart.meetsMinimum).toBe(true);
    expect(Object.getPrototypeOf(cart)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(cart))).toMatchObject(answer);
  });

  it('is made from an object, or from nothing', () => {
    expect(() => createCartModel('cart')).toThrow(TypeError);
    expect(() => createCartModel([])).toThrow(TypeError);
    expect(createCartModel(null).totalQuantity).toBe(0);
  });
});
