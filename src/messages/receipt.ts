/** The VAT receipt an order's status page links to: printable, with the seller's details and the tax per rate. */
export const receipt = {
  title: 'Receipt',
  heading: 'Receipt for order {number}',
  printHint: 'To keep it as a PDF, print this page and choose “Save as PDF”.',
  vatNumber: 'VAT number: {number}',
  date: 'Date: {date}',
  paidBy: 'Paid by {method}',
  shippingLine: 'Shipping: {name}',
  taxSummary: 'Tax by rate',
  zeroRate: 'Zero rate',
  rateName: '{name} {rate}%',
  totalNet: 'Total net',
  totalTax: 'Total tax',
  refunded: 'Refunded since: {amount}',
  backToOrder: 'Back to your order',
  openReceipt: 'Receipt for your records',
} as const;
