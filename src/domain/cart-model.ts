/**
 * The shopping cart client model of seed 000 §3 (restated in seed 001 §3): its fields, their kinds
 * and their defaults. Every field is type-checked, when the model is made from the server's answer
 * and when a field is assigned: a wrongly typed value throws a TypeError naming the field. `created`
 * is kept as a timestamp (milliseconds since 1970) and read as a Date. Fields the model does not
 * know (the server's `currency`, `meetsMinimum` …) are kept as they come. Small on purpose: it may
 * ship to the browser, so the checks are written by hand, one per kind of field.
 */
import { isCurrencyCode, ZERO_USD, type Money } from './commerce';

type Kind = 'string' | 'boolean' | 'number' | 'array' | 'object' | 'money' | 'timestamp';

const FIELDS = {
  id: 'string',
  websiteId: 'string',
  orderId: 'string',
  created: 'timestamp',
  isPurchased: 'boolean',
  entries: 'array',
  shippingOptions: 'array',
  applicableTaxRules: 'array',
  coupons: 'array',
  validCoupons: 'array',
  invalidCoupons: 'array',
  selectedShippingOption: 'object',
  shippingLocation: 'object',
  subtotalCents: 'number',
  taxCents: 'number',
  shippingCostCents: 'number',
  discountCents: 'number',
  grandTotalCents: 'number',
  totalQuantity: 'number',
  subtotalAmount: 'money',
  hasDigital: 'boolean',
  purelyDigital: 'boolean',
  requiresShipping: 'boolean',
} as const satisfies Record<string, Kind>;

export type CartField = keyof typeof FIELDS;
export const CART_FIELDS = Object.keys(FIELDS) as CartField[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const KINDS: Record<Kind, { is: (v: unknown) => boolean; what: string; initial: () => unknown }> = {
  string: { is: (v) => typeof v === 'string', what: 'a string', initial: () => '' },
  boolean: { is: (v) => typeof v === 'boolean', what: 'true or false', initial: () => false },
  number: { is: (v) => typeof v === 'number' && Number.isFinite(v), what: 'a finite number', initial: () => 0 },
  array: { is: Array.isArray, what: 'an array', initial: () => [] },
  object: { is: isObject, what: 'an object', initial: () => ({}) },
  money: {
    is: (v) => isObject(v) && typeof v.currency === 'string' && isCurrencyCode(v.currency) && (typeof v.minor === 'bigint' || Number.isSafeInteger(v.minor)),
    what: 'money ({ currency, minor })',
    initial: () => ({ ...ZERO_USD }),
  },
  timestamp: {
    is: (v) => (typeof v === 'number' && Number.isFinite(v)) || (v instanceof Date && !Number.isNaN(v.getTime())),
    what: 'a timestamp (milliseconds, or a Date)',
    initial: () => Date.now(),
  },
};

export type CartModel = {
  id: string;
  websiteId: string;
  orderId: string;
  /** Read as a Date; assigned a Date or milliseconds since 1970. */
  get created(): Date;
  set created(value: Date | number);
  isPurchased: boolean;
  entries: unknown[];
  shippingOptions: unknown[];
  applicableTaxRules: unknown[];
  coupons: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
  selectedShippingOption: Record<string, unknown>;
  shippingLocation: Record<string, unknown>;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  subtotalAmount: Money;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** The fields as the server writes them: `created` in milliseconds, the unknown fields beside. */
  toJSON(): Record<string, unknown>;
  /** The server's fields the model does not know, as they came. */
  readonly [extra: string]: unknown;
};

function checked(field: CartField, value: unknown): unknown {
  const kind = KINDS[FIELDS[field]];
  if (!kind.is(value)) throw new TypeError(`Cart field ${field} must be ${kind.what}`);
  return value instanceof Date ? value.getTime() : value;
}

const isField = (name: string): name is CartField => Object.hasOwn(FIELDS, name);

/** A cart model from the server's answer (or a new, empty cart from nothing), its fields checked. */
export function createCartModel(raw?: unknown): CartModel {
  const source = raw ?? {};
  if (!isObject(source)) throw new TypeError('A cart is made from an object of its fields');
  const values: Record<string, unknown> = {};
  const model: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source)) {
    // defineProperty, not assignment: a field named __proto__ stays a field.
    if (!isField(name)) Object.defineProperty(model, name, { value, writable: true, enumerable: true, configurable: true });
  }
  for (const field of CART_FIELDS) {
    values[field] = source[field] === undefined ? KINDS[FIELDS[field]].initial() : checked(field, source[field]);
    Object.defineProperty(model, field, {
      enumerable: true,
      get: () => (field === 'created' ? new Date(values[field] as number) : values[field]),
      set: (value: unknown) => {
        values[field] = checked(field, value);
      },
    });
  }
  Object.defineProperty(model, 'toJSON', { value: () => ({ ...model, ...values }) });
  return model as CartModel;
}
