/**
 * Commerce rules of seed 000 §3, §9 and seed 001 §3, §9: product types, the supported currencies
 * and money formatting, price and SKU limits, generated SKUs, measurement standards, subscription
 * periods and the cart count display. Money is an integer count of minor units beside a currency
 * code; its fraction digits come from the currency table here.
 */
import { DEFAULT_LOCALE } from './locale';

/** Seed 000 §3: the productType values products carry. */
export const PRODUCT_TYPES = ['PHYSICAL', 'SERVICE', 'DIGITAL', 'GIFT_CARD'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Seed 000 §3: product type numbers, where a product type is stored as a number. */
export const PRODUCT_TYPE_NUMBERS = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;

/**
 * Seed 000 §3 (codes, fraction digits) and seed 001 §3 (names as the string tables spell them);
 * the numeric codes are ISO 4217's, kept as three-digit text so leading zeros survive.
 */
export const CURRENCIES = [
  { code: 'EUR', name: 'Euro', fractionDigits: 2, numericCode: '978' },
  { code: 'USD', name: 'US Dollar', fractionDigits: 2, numericCode: '840' },
  { code: 'AUD', name: 'Australian Dollar', fractionDigits: 2, numericCode: '036' },
  { code: 'NOK', name: 'Norwegian Krone', fractionDigits: 2, numericCode: '578' },
  { code: 'CAD', name: 'Canadian Dollar', fractionDigits: 2, numericCode: '124' },
  { code: 'NZD', name: 'New Zealand Dollar', fractionDigits: 2, numericCode: '554' },
  { code: 'DKK', name: 'Danish Krone', fractionDigits: 2, numericCode: '208' },
  { code: 'GBP', name: 'Pound Sterling', fractionDigits: 2, numericCode: '826' },
  { code: 'HKD', name: 'Hong Kong Dollar', fractionDigits: 2, numericCode: '344' },
  { code: 'CHF', name: 'Swiss Franc', fractionDigits: 2, numericCode: '756' },
  { code: 'MXN', name: 'Mexican Peso', fractionDigits: 2, numericCode: '484' },
  { code: 'SGD', name: 'Singapore Dollar', fractionDigits: 2, numericCode: '702' },
  { code: 'SEK', name: 'Swedish Krona', fractionDigits: 2, numericCode: '752' },
  { code: 'CZK', name: 'Czech Koruna', fractionDigits: 2, numericCode: '203' },
  { code: 'ILS', name: 'Israeli Shekel', fractionDigits: 2, numericCode: '376' },
  { code: 'PHP', name: 'Philippine Peso', fractionDigits: 2, numericCode: '608' },
  { code: 'RUB', name: 'Russian Ruble', fractionDigits: 2, numericCode: '643' },
  { code: 'PLN', name: 'Polish Zloty', fractionDigits: 2, numericCode: '985' },
  { code: 'THB', name: 'Thai Baht', fractionDigits: 2, numericCode: '764' },
  { code: 'MYR', name: 'Malaysian Ringgit', fractionDigits: 2, numericCode: '458' },
  { code: 'ARS', name: 'Argentine Peso', fractionDigits: 2, numericCode: '032' },
  { code: 'BRL', name: 'Brazilian Real', fractionDigits: 2, numericCode: '986' },
  { code: 'COP', name: 'Colombian Peso', fractionDigits: 2, numericCode: '170' },
  { code: 'IDR', name: 'Indonesian Rupiah', fractionDigits: 2, numericCode: '360' },
  { code: 'INR', name: 'Indian Rupee', fractionDigits: 2, numericCode: '356' },
  { code: 'JPY', name: 'Yen', fractionDigits: 0, numericCode: '392' },
  { code: 'ZAR', name: 'South African Rand', fractionDigits: 2, numericCode: '710' },
] as const;

export type Currency = (typeof CURRENCIES)[number];
export type CurrencyCode = Currency['code'];

export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCIES.map((c) => c.code);

/** Seed 000 §3: storeSettings.selectedCurrency of a new store. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const byCode = new Map<string, Currency>(CURRENCIES.map((c) => [c.code, c]));

export function isCurrencyCode(code: string): code is CurrencyCode {
  return byCode.has(code);
}

export function currency(code: CurrencyCode): Currency {
  return byCode.get(code) as Currency;
}

/** Seed 000 §9 currency formatting settings; comma and dot are the separators of the default locale. */
export const CURRENCY_FORMAT = {
  GROUPING: true,
  GROUPING_SEPARATOR: ',',
  DECIMAL_SEPARATOR: '.',
  MAX_INTEGER_DIGITS: 15,
} as const;

export { DEFAULT_LOCALE };

export type Money = { currency: CurrencyCode; minor: number | bigint };

/** The zero amount a new cart's subtotal starts at (seed 000 §3: zero USD). */
export const ZERO_USD: Money = { currency: 'USD', minor: 0 };

const MAX_INTEGER_MODULUS = 10n ** BigInt(CURRENCY_FORMAT.MAX_INTEGER_DIGITS);

/**
 * Formats an amount of minor units with the locale's symbol and separators and the currency's
 * fraction digits (seed 000 §3). At most 15 integer digits are shown, the higher ones dropped as
 * a formatter's maximum-integer-digits setting does (docs/decisions/0072-money-integer-digits.md).
 */
export function formatMoney(money: Money, locale: string = DEFAULT_LOCALE): string {
  const { fractionDigits } = currency(money.currency);
  if (typeof money.minor === 'number' && !Number.isSafeInteger(money.minor)) {
    throw new RangeError('Money is a whole number of minor units');
  }
  const minor = BigInt(money.minor);
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const scale = 10n ** BigInt(fractionDigits);
  const whole = (magnitude / scale) % MAX_INTEGER_MODULUS;
  const fraction = fractionDigits === 0 ? '' : `.${(magnitude % scale).toString().padStart(fractionDigits, '0')}`;
  // Text keeps every digit exact; a number would lose precision past 2^53.
  const decimal = `${negative ? '-' : ''}${whole}${fraction}` as `${number}`;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    useGrouping: CURRENCY_FORMAT.GROUPING,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(decimal);
}

/** Seed 000 §9: the largest price, in cents. */
export const MAX_PRICE_CENTS = 100000000;

export function isValidPriceCents(cents: number): boolean {
  return Number.isInteger(cents) && cents >= 0 && cents <= MAX_PRICE_CENTS;
}

/** Seed 000 §9. */
export const MAX_SKU_LENGTH = 60;
export const GENERATED_SKU_PREFIX = 'SQ';
export const GENERATED_SKU_DIGITS = 7;
export const GENERATED_SKU_PATTERN = /^SQ[0-9]{7}$/;

export function isValidSku(sku: string): boolean {
  return sku.trim() !== '' && sku.length <= MAX_SKU_LENGTH;
}

/** Seed 000 §9: 'SQ' and 7 digits. `random` returns numbers in [0, 1), as Math.random does. */
export function generateSku(random: () => number = Math.random): string {
  let digits = '';
  for (let i = 0; i < GENERATED_SKU_DIGITS; i++) digits += String(Math.min(9, Math.floor(random() * 10)));
  return GENERATED_SKU_PREFIX + digits;
}

/** Seed 000 §3: store settings measurementStandard. */
export const MEASUREMENT_STANDARDS = { IMPERIAL: 1, METRIC: 2 } as const;
export type MeasurementStandard = (typeof MEASUREMENT_STANDARDS)[keyof typeof MEASUREMENT_STANDARDS];

/** Seed 000 §3: imperial gives lbs and inches, anything else kg and cm. */
export function measurementUnits(standard: number): { weight: 'lbs' | 'kg'; length: 'in' | 'cm' } {
  return standard === MEASUREMENT_STANDARDS.IMPERIAL ? { weight: 'lbs', length: 'in' } : { weight: 'kg', length: 'cm' };
}

/** Seed 000 §3: a subscription plan's billing period unit. */
export const BILLING_PERIOD_UNITS = ['week', 'month', 'year'] as const;
export type BillingPeriodUnit = (typeof BILLING_PERIOD_UNITS)[number];

/** Seed 000 §3: zero or missing numBillingCycles means the plan runs until cancelled. */
export function isIndefinitePlan(numBillingCycles: number | null | undefined): boolean {
  return numBillingCycles === undefined || numBillingCycles === null || numBillingCycles === 0;
}

/** Seed 000 §9's cart count cap, beside the cart's summary cookie so the cart indicator's chunk carries only what it draws. */
export { CART_COUNT_CAP, formatCartCount } from './cart-summary';

/**
 * Whether visitors see a product: PUBLISHED, or SCHEDULED and its time has come. Every other
 * status (DRAFT, PRIVATE and the rest) keeps it off the site.
 */
export function isProductVisible(status: number, availableAt: string | Date | null | undefined, now: Date): boolean {
  if (status === 1) return true;
  if (status !== 2 || availableAt === null || availableAt === undefined) return false;
  return new Date(availableAt).getTime() <= now.getTime();
}

/** At most this many options (Size, Glaze …) a product's variants differ by. */
export const MAX_PRODUCT_OPTIONS = 6;
/** At most this many variants a product (every combination of six options would be far more). */
export const MAX_PRODUCT_VARIANTS = 250;

/**
 * Stock at or below this many left is shown as "Only N left" unless the store says otherwise
 * (docs/decisions/0311-product-status-and-stock-rules.md).
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** What a variant's availability call answers, per variant: in stock, few left (with the count), or sold out. */
export type StockState = { state: 'available' } | { state: 'low'; left: number } | { state: 'soldOut' };

export function stockState(variant: { unlimited: boolean; qtyInStock: number }, lowStockThreshold: number = DEFAULT_LOW_STOCK_THRESHOLD): StockState {
  if (variant.unlimited) return { state: 'available' };
  if (variant.qtyInStock <= 0) return { state: 'soldOut' };
  if (variant.qtyInStock <= lowStockThreshold) return { state: 'low', left: variant.qtyInStock };
  return { state: 'available' };
}

/**
 * How a site formats prices (seed 001 §9: currency formatting is gated by a flag of the page
 * context). With the flag on, the site's own locale decides the symbol, separators and fraction
 * digits (000-3.21); off, the legacy format: grouping on, comma and dot (000-9.16, 9.17), whatever
 * the locale. Never the visitor's locale: a page must read the same to everyone, or it could not be cached.
 */
export type MoneyFormat = { locale: string; localeFormatting: boolean };

export function formatPrice(money: Money, format: MoneyFormat): string {
  return formatMoney(money, format.localeFormatting ? format.locale : DEFAULT_LOCALE);
}

/**
 * A price as shown. Seed 001 §5: a display with free-if-zero needs a free label, which is shown
 * in place of a zero amount; asking for free-if-zero without one is a programming error.
 */
export function displayPrice(money: Money, format: MoneyFormat, opts: { freeIfZero?: boolean; freeLabel?: string } = {}): string {
  if (opts.freeIfZero) {
    if (opts.freeLabel === undefined || opts.freeLabel.trim() === '') throw new Error('A price shown as free when zero needs the words to show (a free label)');
    if (BigInt(money.minor) === 0n) return opts.freeLabel;
  }
  return formatPrice(money, format);
}

/**
 * What a variant costs now: its sale price when on sale, else its price. Seed 000 §3 names price,
 * salePrice and onSale; a sale price above the price is refused when written, so this is never
 * more than the price.
 */
export function effectivePriceCents(variant: { priceCents: number; salePriceCents: number; onSale: boolean }): number {
  return variant.onSale ? variant.salePriceCents : variant.priceCents;
}
