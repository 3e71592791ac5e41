import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../../../../blocks/site-document';
import { projectPath } from '../../../../db/project-root';
import { htmlToRichText } from '../../../../document/rich-text-html';
import { loadDocument } from '../../../../document/load';
import type { RichText } from '../../../../document/rich-text';
import type { CatalogueStore, Store } from '../../../../document/store';
import { catalogueOf } from '../../../../../test/catalogue-view';
import { productCsvLines } from './export-products';
import { readProductCsv } from './formats';
import { mergeProducts, siteFileResolver } from './merge';
import type { CsvFormat, StoreUnits } from './model';
import { richTextToHtml } from './rich-text-out';

const USD: StoreUnits = { currency: 'USD', measurementStandard: 1 };
const ORIGIN = 'https://demo.example.com';

function demo() {
  const loaded = loadDocument(JSON.parse(readFileSync(projectPath('sites/demo/site.json'), 'utf8')), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.document;
}

let ids = 0;
const newId = () => (++ids).toString(16).padStart(24, '0');

function importInto(store: Store, csv: string, files: string[] = []) {
  const read = readProductCsv(csv, USD);
  const shopId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
  const merged = mergeProducts(store, read.products, {
    shopId,
    ownFile: siteFileResolver(['demo.example.com'], new Set(files)),
    newId,
    now: new Date('2026-12-01T00:00:00Z'),
  });
  return { read, merged };
}

const emptyStore = (): Store => ({ ...demo().store, categories: [], products: [] });

const SHOPIFY_SAMPLE = [
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Status',
  'linen-apron,Linen apron,"<p>Heavy linen, <strong>cross-back</strong> straps.</p><ul><li>Two pockets</li><li>Machine washable</li></ul>",Harbour Goods,Apparel & Accessories > Clothing,Aprons,"studio, linen",TRUE,Colour,Oat,Size,S/M,,,APR-OAT-SM,340,shopify,12,deny,manual,48.00,60.00,TRUE,TRUE,,https://cdn.shopify.com/s/files/1/apron-oat.jpg,1,Oat apron,FALSE,Linen apron,A heavy linen apron,https://cdn.shopify.com/s/files/1/apron-oat.jpg,lb,active',
  'linen-apron,,,,,,,,,Oat,,L/XL,,,APR-OAT-LX,380,shopify,0,deny,manual,48.00,60.00,TRUE,TRUE,,,,,,,,,lb,',
  'linen-apron,,,,,,,,,Charcoal,,S/M,,,APR-CHA-SM,340,shopify,5,deny,manual,"1,052.50",,TRUE,TRUE,,https://demo.example.com/s/apron-charcoal.jpg,2,Charcoal apron,,,,/s/apron-charcoal.jpg,lb,',
  'linen-apron,,,,,,,,,Charcoal,,L/XL,,,APR-CHA-LX,380,,,continue,manual,55.00,50.00,TRUE,TRUE,,,,,,,,,lb,',
  'linen-apron,,,,,,,,,,,,,,,,,,,,,,,,,/s/apron-back.jpg,3,The apron from the back,,,,,,',
  'gift-card,Gift card,,Harbour Goods,,,,TRUE,Title,Default Title,,,,,,,,,deny,manual,25.00,,FALSE,FALSE,,,,,TRUE,,,,,active',
].join('\r\n');

describe("Shopify's product CSV", () => {
  it('imports a product of two options with its variants, sale prices, stock, images and the rest', () => {
    const { read, merged } = importInto(emptyStore(), SHOPIFY_SAMPLE, ['apron-charcoal.jpg', 'apron-back.jpg']);
    expect(read.errors).toEqual([]);
    expect(merged.errors).toEqual([]);
    const [apron, gift] = merged.store.products;
    expect(apron).toMatchObject({
      slug: 'linen-apron',
      name: 'Linen apron',
      productType: 'PHYSICAL',
      status: 1,
      tags: ['studio', 'linen'],
      seo: { title: 'Linen apron', description: 'A heavy linen apron' },
      options: [
        { name: 'Colour', values: ['Oat', 'Charcoal'] },
        { name: 'Size', values: ['S/M', 'L/XL'] },
      ],
    });
    expect(merged.store.categories.map((c) => [c.name, c.slug])).toEqual([['Aprons', 'aprons']]);
    // Compare-at above the price: our price is the compare-at, on sale at Shopify's price; a compare-at below it is no sale.
    expect(apron!.variants.map((v) => [v.sku, v.priceCents, v.salePriceCents, v.onSale, v.unlimited, v.qtyInStock, v.weight])).toEqual([
      ['APR-OAT-SM', 6000, 4800, true, false, 12, 0.75],
      ['APR-OAT-LX', 6000, 4800, true, false, 0, 0.84],
      ['APR-CHA-SM', 105250, 0, false, false, 5, 0.75],
      ['APR-CHA-LX', 5500, 0, false, true, 0, 0.84],
    ]);
    // The site's own files are kept, with their words; the CDN's is left out, with a warning on its row.
    expect(apron!.images).toEqual([
      { file: '/s/apron-charcoal.jpg', alt: 'Charcoal apron' },
      { file: '/s/apron-back.jpg', alt: 'The apron from the back' },
    ]);
    expect(apron!.variants[2]!.image).toBe('/s/apron-charcoal.jpg');
    expect(apron!.variants[0]!.image).toBeUndefined();
    expect(merged.warnings).toEqual([{ row: 2, message: expect.stringContaining('https://cdn.shopify.com/s/files/1/apron-oat.jpg') }]);
    expect(apron!.description?.content.map((b) => b.type)).toEqual(['paragraph', 'bulletList']);
    // "Default Title" is Shopify's product without options; stock not tracked is unlimited.
    expect(gift).toMatchObject({ productType: 'GIFT_CARD', options: [], variants: [{ priceCents: 2500, unlimited: true, qtyInStock: 0 }] });
  });

  it('refuses malformed rows, each by its spreadsheet row number', () => {
    const rows = SHOPIFY_SAMPLE.split('\r\n');
    const broken = [
      rows[0],
      rows[1]!.replace('48.00,60.00', '48.0O,60.00'),
      ',,,,,,,,,Oat',
      rows[3]!.replace(',Charcoal,,S/M,', ',,,S/M,').replace('shopify,5,', 'shopify,-2,'),
      rows[6]!.replace('Gift card,', ',').replace('gift-card', 'other'),
    ].join('\n');
    const { errors } = readProductCsv(broken, USD);
    expect(errors).toEqual([
      { row: 2, message: 'Variant Price: "48.0O" is not a price in USD.' },
      { row: 3, message: 'This row has no Handle: every row names the product it belongs to.' },
      { row: 4, message: 'This variant has no value for the option Colour.' },
      { row: 4, message: 'Variant Inventory Qty: "-2" is not a stock count (a whole number of zero or more, or Unlimited).' },
      { row: 5, message: 'This row starts a product but has no Title.' },
    ]);
  });

  it('refuses what the product rules refuse, on the row that says it', () => {
    const csv = SHOPIFY_SAMPLE.replace('APR-OAT-LX,380', 'APR-OAT-LX,380').replace(',Oat,,L/XL,', ',Oat,,S/M,');
    const { merged } = importInto(emptyStore(), csv);
    expect(merged.errors).toEqual([{ row: 3, message: 'optionValues: variants 1 and 2 have the same options' }]);
  });

  it('reads yen without decimals, and refuses a yen price with them', () => {
    const yen: StoreUnits = { currency: 'JPY', measurementStandard: 2 };
    const csv = (price: string) => `Handle,Title,Variant Price,Variant Grams\ncup,Cup,${price},250\n`;
    expect(readProductCsv(csv('1500'), yen).products[0]!.variants[0]).toMatchObject({ priceCents: 1500, weight: 0.25 });
    expect(readProductCsv(csv('1500.5'), yen).errors).toEqual([{ row: 2, message: 'Variant Price: "1500.5" is not a price in JPY.' }]);
  });
});

describe("Squarespace's product CSV", () => {
  it('starts a product on a row with a title and reads the rows after it as its variants', () => {
    const csv = [
      'Product ID [Non Editable],Variant ID [Non Editable],Product Type [Non Editable],Product Page,Product URL,Title,Description,SKU,Option Name 1,Option Value 1,Option Name 2,Option Value 2,Price,Sale Price,On Sale,Stock,Categories,Tags,Weight,Length,Width,Height,Visible,Hosted Image URLs',
      ',,SERVICE,shop,throwing-class,Throwing class,<p>Three hours.</p>,CLS-AM,Session,Morning,,,120.00,0.00,No,6,Workshops,beginners,,,,,Yes,',
      ',,,,,,,CLS-PM,,Afternoon,,,120.00,99.00,Yes,Unlimited,,,,,,,,',
      ',,PHYSICAL,shop,,Tea bowl,,,,,,,36,,No,3,"Bowls, Gifts",,1.2,5,5,3,No,https://elsewhere.example/tea.jpg /s/tea-bowl.jpg',
    ].join('\n');
    const { read, merged } = importInto(emptyStore(), csv, ['tea-bowl.jpg']);
    expect(read.errors).toEqual([]);
    expect(merged.errors).toEqual([]);
    const [klass, bowl] = merged.store.products;
    expect(klass).toMatchObject({ productType: 'SERVICE', slug: 'throwing-class', options: [{ name: 'Session', values: ['Morning', 'Afternoon'] }] });
    expect(klass!.variants.map((v) => [v.priceCents, v.salePriceCents, v.onSale, v.unlimited, v.qtyInStock])).toEqual([
      [12000, 0, false, false, 6],
      [12000, 9900, true, true, 0],
    ]);
    expect(bowl).toMatchObject({ slug: 'tea-bowl', status: 4, images: [{ file: '/s/tea-bowl.jpg' }] });
    expect(bowl!.variants[0]).toMatchObject({ weight: 1.2, dimensions: { length: 5, width: 5, height: 3 } });
    expect(merged.store.categories.map((c) => c.name)).toEqual(['Workshops', 'Bowls', 'Gifts']);
    expect(merged.warnings).toEqual([{ row: 4, message: expect.stringContaining('https://elsewhere.example/tea.jpg') }]);
  });
});

describe('the demo shop through a CSV file', () => {
  for (const format of ['shopify', 'squarespace'] as CsvFormat[]) {
    it(`exports in ${format}'s columns and imports as the same catalogue`, () => {
      const doc = demo();
      const csv = [...productCsvLines(format, doc.store, { shopPath: '/shop', vendor: 'Juniper Ceramics', origin: ORIGIN })].join('');
      const { read, merged } = importInto(emptyStore(), csv);
      expect(read.errors).toEqual([]);
      expect(merged.errors).toEqual([]);
      expect(catalogueOf(merged.store, { dimensions: format === 'squarespace' })).toEqual(catalogueOf(doc.store, { dimensions: format === 'squarespace' }));
      // Another site's files are not this one's: every image is named in a warning.
      expect(merged.warnings.length).toBeGreaterThan(0);
    });
  }

  it('updates the products it finds by their handle, keeping their ids, variants, excerpt and schedule', () => {
    const doc = demo();
    const files = doc.files.map((f) => f.name);
    const csv = [...productCsvLines('shopify', doc.store, { shopPath: '/shop', vendor: 'Juniper Ceramics', origin: ORIGIN })].join('');
    const store = { ...doc.store, products: doc.store.products.map((p) => ({ ...p, shopId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })) };
    const { merged } = importInto(store, csv, files);
    expect(merged).toMatchObject({ created: 0, updated: doc.store.products.length, errors: [], warnings: [] });
    const unchanged = (s: CatalogueStore) =>
      s.products.map(({ productType, ...p }) => ({ ...p, productType: productType === 'SERVICE' ? 'DIGITAL' : productType }));
    expect(unchanged(merged.store)).toEqual(unchanged(store));
  });
});

describe('descriptions as HTML', () => {
  it('reads back as the same rich text', () => {
    const texts: RichText[] = [
      ...demo().store.products.flatMap((p) => (p.description ? [p.description] : [])),
      htmlToRichText(
        '<h2>Care</h2><p>Hand <em>wash</em>, <strong><a href="https://example.com/care">read more</a></strong> &amp; enjoy<br>daily.</p><blockquote><p>Lovely</p></blockquote><ol><li>One<ul><li>Nested</li></ul></li></ol>',
      ),
    ];
    for (const text of texts) expect(htmlToRichText(richTextToHtml(text))).toEqual(text);
  });
});
