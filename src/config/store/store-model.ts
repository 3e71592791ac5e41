/**
 * The Store screens' rules without a screen: amounts typed in the store's currency read as whole
 * minor units (never through a float), the variants a product's options make, and how a count of
 * stock reads. The server checks everything again; these keep what the owner types honest first.
 */
import { currency, isCurrencyCode, MAX_PRICE_CENTS, MAX_PRODUCT_VARIANTS, type CurrencyCode } from '../../domain/commerce';
import type { Product, Variant } from '../../document/store';

/** The currency's fraction digits (2 for most, 0 for JPY); 2 for a code this page does not know. */
export function fractionDigitsOf(code: string): number {
  return isCurrencyCode(code) ? currency(code as CurrencyCode).fractionDigits : 2;
}

/**
 * An amount as typed ("24", "24.5", "1,250.00"; JPY "2400") as whole minor units, or null when it
 * is not an amount of this currency (more decimals than it has, a sign, letters) or is above the
 * largest price. Digits are counted as text, so 0.1 + 0.2 never happens.
 */
export function parseAmount(text: string, code: string): number | null {
  const digits = fractionDigitsOf(code);
  const plain = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain) ?? /^()\.(\d+)$/.exec(plain);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > BigInt(MAX_PRICE_CENTS) ? null : Number(minor);
}

/** Minor units as the amount field shows them: "24.00", JPY "2400" (no grouping, so it reads back the same). */
export function amountText(minor: number, code: string): string {
  const digits = fractionDigitsOf(code);
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(digits, '0')}`;
}

/** A new id as the document's ids are written: 24 lowercase hex characters. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a variant is called: its option values joined as the shop shows them ("Celadon / Large"). */
export function variantName(variant: Pick<Variant, 'optionValues'>): string {
  return variant.optionValues.map((o) => o.value).join(' / ');
}

const keyOf = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join('\u0000');

/** Every combination of the options' values, first option slowest, as a shop lists them. */
export function combinations(options: Product['options']): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v])), [[]]);
}

/**
 * The variants a product has once its options change: one for each combination of values. A
 * combination that had a variant keeps it (its id, SKU, prices and photo); a new one starts from
 * the first variant's prices, without a SKU (the server makes one) and without stock. Past the
 * most variants a product may have, the variants are left as they are and false is answered.
 */
export function variantsFor(product: Pick<Product, 'options' | 'variants'>): Variant[] | false {
  const wanted = combinations(product.options);
  if (wanted.length > MAX_PRODUCT_VARIANTS) return false;
  const existing = new Map(product.variants.map((v) => [keyOf(v.optionValues.map((o) => o.value)), v]));
  const first = product.variants[0];
  return wanted.map((values) => {
    const optionValues = values.map((value, i) => ({ optionName: product.options[i]!.name, value }));
    const kept = existing.get(keyOf(values));
    if (kept) return { ...kept, optionValues };
    return {
      id: newId(),
      optionValues,
      priceCents: first?.priceCents ?? 0,
      salePriceCents: first?.salePriceCents ?? 0,
      onSale: first?.onSale ?? false,
      unlimited: first?.unlimited ?? false,
      qtyInStock: 0,
      ...(first?.weight !== undefined ? { weight: first.weight } : {}),
      ...(first?.dimensions ? { dimensions: first.dimensions } : {}),
    };
  });
}

/** A list typed with commas ("mug, stoneware"), without blanks or repeats. */
export function commaList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/** A slug made from a name: lowercase letters, digits and hyphens. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** An instant as a datetime-local field reads it, in this browser's time zone. */
export function localDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local field's value as an instant (ISO, with its offset), or undefined when empty or not a time. */
export function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
