/**
 * A VAT receipt's sums, from an order as it was paid for: each line's net amount and tax, and the
 * tax per rate (what VAT rules ask a receipt to show). An order has one rate (its address's tax
 * rule, src/domain/pricing/price-cart.ts): a line that carries tax is at that rate, one that does
 * not (an untaxed product, a gift card) at zero; shipping is at the rate when it carried tax. Net
 * plus tax is each line's total whether prices included tax or not.
 */

export type ReceiptInput = {
  pricesIncludeTax: boolean;
  /** The order's rate in percent (up to three decimals), and its name; null when no rule applied. */
  rate: { name: string; ratePercent: number } | null;
  lines: readonly { totalCents: number; taxCents: number }[];
  shippingCents: number;
  shippingTaxCents: number;
};

export type ReceiptLine = { netCents: number; taxCents: number; grossCents: number; ratePercent: number };
export type TaxBand = { name: string | null; ratePercent: number; netCents: number; taxCents: number };

/** A line's net, tax and gross: prices including tax hold it inside the total; otherwise it is added to it. */
export function receiptLine(line: { totalCents: number; taxCents: number }, pricesIncludeTax: boolean, ratePercent: number): ReceiptLine {
  const netCents = pricesIncludeTax ? line.totalCents - line.taxCents : line.totalCents;
  return { netCents, taxCents: line.taxCents, grossCents: netCents + line.taxCents, ratePercent: line.taxCents > 0 ? ratePercent : 0 };
}

/** The receipt's lines, its shipping as a line, and its tax bands: the order's rate, then zero, each with what it applies to. */
export function receiptSums(input: ReceiptInput): { lines: ReceiptLine[]; shipping: ReceiptLine; bands: TaxBand[] } {
  const ratePercent = input.rate?.ratePercent ?? 0;
  const lines = input.lines.map((l) => receiptLine(l, input.pricesIncludeTax, ratePercent));
  const shipping = receiptLine({ totalCents: input.shippingCents, taxCents: input.shippingTaxCents }, input.pricesIncludeTax, ratePercent);
  const all = [...lines, shipping];
  const band = (taxed: boolean): TaxBand => {
    const members = all.filter((l) => l.ratePercent > 0 === taxed && (taxed || l.grossCents > 0));
    return {
      name: taxed ? (input.rate?.name ?? null) : null,
      ratePercent: taxed ? ratePercent : 0,
      netCents: members.reduce((n, l) => n + l.netCents, 0),
      taxCents: members.reduce((n, l) => n + l.taxCents, 0),
    };
  };
  const bands = [band(true), band(false)].filter((b) => b.netCents !== 0 || b.taxCents !== 0);
  return { lines, shipping, bands };
}
