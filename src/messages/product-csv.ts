/** Product CSV import and export in Shopify's and Squarespace's columns, as the Store area's calls answer. */
export const productCsv = {
  noShop: 'This site has no shop with this id.',
  refused: 'Nothing was imported: fix the rows named below and import the file again.',
  notCsv: 'Send the products as CSV text (text/csv), at most {max} MB.',
  unclosedQuote: 'A quoted cell opens on this row and never closes.',
  unknownColumns: "The first row names neither Shopify's product columns (Handle, Title …) nor Squarespace's (Product URL, Title …).",
  noProducts: 'The file holds no product rows.',
  noHandle: 'This row has no Handle: every row names the product it belongs to.',
  noTitle: 'This row starts a product but has no Title.',
  noProductAbove: 'This row belongs to no product: no row above it starts one.',
  noValueFor: 'This variant has no value for the option {option}.',
  notPrice: '{column}: "{value}" is not a price in {currency}.',
  noPrice: '{column}: a variant needs a price.',
  notStock: '{column}: "{value}" is not a stock count (a whole number of zero or more, or Unlimited).',
  notMeasure: '{column}: "{value}" is not a number.',
  notYesNo: '{column}: "{value}" is neither {yes} nor {no}.',
  notProductType: '{column}: "{value}" is not a product type (PHYSICAL, DIGITAL, SERVICE or GIFT_CARD).',
  notStatus: '{column}: "{value}" is not a status (active, draft or archived).',
  badField: '{field}: {message}',
  imageLeftOut:
    "The image {url} was left out: the server fetches nothing from other sites. Upload it to the site's files and name it as /s/ and its file name.",
} as const;
