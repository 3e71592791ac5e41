/**
 * A small shop for the visitor-side tests, added to a copy of the demo site's document: a shop (a
 * collection of type PRODUCTS) at /pottery with two categories and five visible products — a mug
 * whose Ash glaze is on sale and sold out and whose Moss glaze costs more, a bowl with three left, a vase dearer than a thousand
 * dollars, a free studio tour and a newest jug — one hidden product and one scheduled for later, a
 * page /featured holding a product block, and the stock of each variant. Any shop the demo has is
 * replaced, so the fixture stays the same as the demo grows.
 */
type Doc = Record<string, unknown> & { pages: Record<string, unknown>[]; collections?: Record<string, unknown>[] };

export const SHOP = {
  shopId: 'a0a0a0a0a0a0a0a0a0a0a001',
  path: '/pottery',
  mugs: 'c0c0c0c0c0c0c0c0c0c0c001',
  bowls: 'c0c0c0c0c0c0c0c0c0c0c002',
  mug: 'b0b0b0b0b0b0b0b0b0b0b001',
  mugBlue: 'd0d0d0d0d0d0d0d0d0d0d001',
  mugAsh: 'd0d0d0d0d0d0d0d0d0d0d002',
  mugMoss: 'd0d0d0d0d0d0d0d0d0d0d009',
  bowl: 'b0b0b0b0b0b0b0b0b0b0b002',
  vase: 'b0b0b0b0b0b0b0b0b0b0b003',
  tour: 'b0b0b0b0b0b0b0b0b0b0b004',
  jug: 'b0b0b0b0b0b0b0b0b0b0b005',
  hidden: 'b0b0b0b0b0b0b0b0b0b0b006',
  scheduled: 'b0b0b0b0b0b0b0b0b0b0b007',
} as const;

const variant = (id: string, priceCents: number, more: Record<string, unknown> = {}) => ({ id, priceCents, qtyInStock: 20, ...more });
const text = (words: string) => ({ type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: words }] }] });

function product(id: string, slug: string, name: string, createdAt: string, variants: unknown[], more: Record<string, unknown> = {}) {
  return { id, shopId: SHOP.shopId, slug, name, productType: 'PHYSICAL', status: 1, createdAt, variants, ...more };
}

export function shopStore(opts: { currency?: string; measurementStandard?: 1 | 2 } = {}) {
  return {
    settings: { selectedCurrency: opts.currency ?? 'USD', measurementStandard: opts.measurementStandard ?? 1, lowStockThreshold: 5 },
    categories: [
      { id: SHOP.mugs, name: 'Mugs', slug: 'mugs' },
      { id: SHOP.bowls, name: 'Bowls', slug: 'bowls' },
    ],
    products: [
      product(
        SHOP.mug,
        'speckled-mug',
        'Speckled Mug',
        '2026-01-10T09:00:00Z',
        [
          variant(SHOP.mugBlue, 2800, {
            sku: 'MUG-BLUE',
            optionValues: [{ optionName: 'Glaze', value: 'Harbour Blue' }],
            image: '/s/mugs-on-shelf.jpg',
            weight: 0.9,
            dimensions: { length: 4, width: 3.5, height: 4.25 },
          }),
          variant(SHOP.mugAsh, 2800, {
            sku: 'MUG-ASH',
            optionValues: [{ optionName: 'Glaze', value: 'Ash' }],
            salePriceCents: 2200,
            onSale: true,
            qtyInStock: 0,
            image: '/s/glaze-tests.jpg',
            weight: 0.9,
          }),
          variant(SHOP.mugMoss, 3200, {
            sku: 'MUG-MOSS',
            optionValues: [{ optionName: 'Glaze', value: 'Moss' }],
            image: '/s/speckled-plates.jpg',
            weight: 1.1,
          }),
        ],
        {
          excerpt: 'A wheel-thrown mug for the first coffee of the day.',
          description: text('Thrown on the wheel from speckled stoneware and glazed by hand, so no two are alike.'),
          images: [
            { file: '/s/mugs-on-shelf.jpg', alt: 'Mugs on a shelf' },
            { file: '/s/glaze-tests.jpg', alt: 'Glaze test tiles' },
            { file: '/s/speckled-plates.jpg', alt: 'A moss-glazed mug' },
          ],
          categories: [SHOP.mugs],
          options: [{ name: 'Glaze', values: ['Harbour Blue', 'Ash', 'Moss'] }],
        },
      ),
      product(SHOP.bowl, 'stacking-bowl', 'Stacking Bowl', '2026-02-10T09:00:00Z', [variant('d0d0d0d0d0d0d0d0d0d0d003', 4200, { qtyInStock: 3 })], {
        images: [{ file: '/s/bowls-stacked.jpg', alt: 'Bowls stacked' }],
        categories: [SHOP.bowls],
      }),
      product(SHOP.vase, 'tall-vase', 'Tall Vase', '2026-01-20T09:00:00Z', [variant('d0d0d0d0d0d0d0d0d0d0d004', 123456, { unlimited: true })], {
        images: [{ file: '/s/tall-vase.jpg' }],
      }),
      product(SHOP.tour, 'studio-tour', 'Studio Tour', '2026-01-05T09:00:00Z', [variant('d0d0d0d0d0d0d0d0d0d0d005', 0, { unlimited: true })], {
        productType: 'SERVICE',
        images: [{ file: '/s/workshop-window.jpg', alt: 'The workshop window' }],
      }),
      product(SHOP.jug, 'water-jug', 'Water Jug', '2026-03-01T09:00:00Z', [variant('d0d0d0d0d0d0d0d0d0d0d006', 3600)], {
        images: [{ file: '/s/water-jug.jpg', alt: 'A water jug' }],
        categories: [SHOP.bowls],
      }),
      product(SHOP.hidden, 'secret-teapot', 'Secret Teapot', '2026-01-01T09:00:00Z', [variant('d0d0d0d0d0d0d0d0d0d0d007', 9000)], { status: 4 }),
      product(SHOP.scheduled, 'future-plate', 'Future Plate', '2026-01-01T09:00:00Z', [variant('d0d0d0d0d0d0d0d0d0d0d008', 5000)], {
        status: 2,
        availableAt: '2099-01-01T00:00:00Z',
      }),
    ],
  };
}

/** The demo's document (any version) with the shop, its store and the /featured page in place of any shop it had. */
export function withShop<D extends Doc>(doc: D, opts: { currency?: string; measurementStandard?: 1 | 2; viewMode?: 'grid' | 'list' | 'product' } = {}): D {
  doc.collections = [
    ...(doc.collections ?? []).filter((c) => c.type !== 5),
    {
      id: SHOP.shopId,
      type: 5,
      path: SHOP.path,
      title: 'Pottery',
      status: 1,
      description: 'Stoneware made in the studio.',
      ...(opts.viewMode ? { viewMode: opts.viewMode } : {}),
      items: [],
    },
  ];
  Object.assign(doc, { store: shopStore(opts) });
  doc.pages = [
    ...doc.pages.filter((p) => p.path !== '/featured'),
    {
      id: 'e0e0e0e0e0e0e0e0e0e0e001',
      pageType: 2,
      path: '/featured',
      title: 'Featured',
      status: 1,
      sections: [
        {
          id: 'e0e0e0e0e0e0e0e0e0e0e002',
          blocks: [{ id: 'e0e0e0e0e0e0e0e0e0e0e003', type: 11, data: { productId: SHOP.mug }, layout: { desktop: { x: 0, y: 0, w: 8, h: 14 } } }],
        },
      ],
    },
  ];
  return doc;
}

export const PRINT = { product: 'b0b0b0b0b0b0b0b0b0b0b0ff', size: (i: number) => `e1e1e1e1e1e1e1e1e1e1e1${i.toString(16).padStart(2, '0')}` } as const;

/** A print in twenty sizes (S0 to S19, 50 of each), for carts of many lines. */
export function printProduct() {
  return {
    id: PRINT.product,
    shopId: SHOP.shopId,
    slug: 'print',
    name: 'Print',
    productType: 'PHYSICAL',
    status: 1,
    createdAt: '2026-01-01T00:00:00Z',
    options: [{ name: 'Size', values: Array.from({ length: 20 }, (_, i) => `S${i}`) }],
    variants: Array.from({ length: 20 }, (_, i) => ({
      id: PRINT.size(i),
      priceCents: 100 + i,
      qtyInStock: 50,
      optionValues: [{ optionName: 'Size', value: `S${i}` }],
    })),
  };
}
