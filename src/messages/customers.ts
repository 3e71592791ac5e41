/** The store's customers: the owner's Customers screen (Store → Customers, its CSV) and the orders on a customer's own account page. */
export const customers = {
  title: 'Customers',
  loading: 'Loading the store’s customers…',
  hint: 'Everyone who has bought from the store or made an account here, the latest buyers first. Total spent counts paid orders less their refunds, and leaves test orders out.',
  filtersLabel: 'Find customers',
  searchHint: 'A name or an email address',
  count: '{count, plural, one {# customer} other {# customers}} shown',
  noCustomers: 'No customers yet. Shoppers appear here once they check out or make an account.',
  noMatch: 'No customer matches this search.',
  more: 'Show more customers',
  exportHint: 'Downloads every customer this search finds.',

  kind: 'Account or guest',
  account: 'Account',
  guest: 'Guest',
  spent: 'Total spent',
  lastOrder: 'Last order',
  noOrderYet: 'No order yet',
  ordersOf: 'Orders of {name}',
  allCustomers: '← All customers',
  accountSince: 'Account since {date}',
  guestSince: 'Buying as a guest',
  customerHasNoOrders: 'No orders yet.',
  orderCount: '{count, plural, one {# order} other {# orders}}',
  notFound: 'The store has no such customer.',

  sent: 'Sent',
  partlySent: 'Partly sent',

  yourOrders: 'Your orders',
  yourOrdersIntro: 'Orders placed while signed in, and those placed with your email address before.',
  youHaveNoOrders: 'You have not placed an order yet.',
} as const;
