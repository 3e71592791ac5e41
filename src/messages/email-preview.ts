/** The commerce email preview (page type 301): the owner's look at each order email. */
export const emailPreview = {
  title: 'Order email preview',
  intro: 'How your store’s order emails look, shown with a sample order. Only your team can open this page.',
  emails: 'Emails',
  confirmation: 'Order confirmation',
  fulfilment: 'Order on its way',
  refund: 'Money refunded',
  cancellation: 'Cancelled order',
  notice: 'New order, to your team',
  subject: 'Subject: {subject}',
  plainText: 'Plain-text version',
  frameTitle: 'The email “{name}”',
} as const;
