/** The analytics report's words: its column names, in the dashboard and its CSV downloads alike, and its Sales part. */
export const analyticsReport = {
  visitsStartedHere: 'Visits started here',
  submissionsPerView: 'Submissions per view',
  clicksPerView: 'Clicks per view',
  sales: 'Sales',
  salesTotals: 'Sales figures',
  revenue: 'Revenue',
  revenueLabel: 'revenue',
  ordersLabel: '{count, plural, one {order} other {orders}}',
  averageOrderLabel: 'average order value',
  conversionLabel: 'conversion from product views',
  salesRule: 'Paid and authorised orders placed in these dates, less what was refunded of them; cancelled orders are not counted. Amounts are in {currency}.',
  conversionRule:
    'Conversion is orders for every 100 product views: {pageViews, plural, one {# view of a product page} other {# views of product pages}} and {quickViews, plural, one {# quick view} other {# quick views}}.',
  testOrdersLeftOut:
    '{count, plural, one {# order placed in test mode is} other {# orders placed in test mode are}} left out of these figures: test payments take no money.',
  otherCurrencyLeftOut:
    '{count, plural, one {# order in another currency than {currency} is} other {# orders in other currencies than {currency} are}} left out of these figures.',
  noSales: 'No paid or authorised orders in these dates.',
  revenueChart: 'Revenue by day',
  revenueSummary: '{revenue} from {orders, plural, one {# order} other {# orders}} from {from} to {to}',
  revenueBestDay: '; the best day was {day}, with {revenue}.',
  loadingSales: 'Loading the sales…',
} as const;
