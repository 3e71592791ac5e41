import { describe, expect, it } from 'vitest';
import { exportUrl, listAddress, listUrl, NO_QUERY, orderAddress, orderIdAt, queryFromSearch, searchOf } from './orders-query';

describe('the orders list’s query in the address', () => {
  it('reads back what it wrote, the same address giving the same query', () => {
    const query = { q: 'ada@example.com', filter: 'unfulfilled', from: '2026-11-01', to: '2026-11-30' } as const;
    expect(searchOf(query)).toBe('?q=ada%40example.com&filter=unfulfilled&from=2026-11-01&to=2026-11-30');
    expect(queryFromSearch(searchOf(query))).toEqual(query);
    expect(listAddress(query)).toBe('/config/store/orders?q=ada%40example.com&filter=unfulfilled&from=2026-11-01&to=2026-11-30');
  });

  it('leaves out what is empty, and is the bare list for no query', () => {
    expect(searchOf(NO_QUERY)).toBe('');
    expect(searchOf({ ...NO_QUERY, q: '   ' })).toBe('');
    expect(listAddress(NO_QUERY)).toBe('/config/store/orders');
    expect(queryFromSearch('')).toEqual(NO_QUERY);
    expect(searchOf({ ...NO_QUERY, q: ' #1001 ' })).toBe('?q=%231001');
  });

  it('drops a filter or a day the calls would refuse', () => {
    expect(queryFromSearch('?filter=shipped&from=2026-02-30&to=yesterday&q=mug')).toEqual({ ...NO_QUERY, q: 'mug' });
  });

  it('asks the list and the export for the same orders, the list a page at a time', () => {
    const query = { ...NO_QUERY, filter: 'paid' } as const;
    expect(listUrl(query)).toBe('/api/config/store/orders?filter=paid');
    expect(listUrl(query, 1042)).toBe('/api/config/store/orders?filter=paid&before=1042');
    expect(listUrl(NO_QUERY, 1042)).toBe('/api/config/store/orders?before=1042');
    expect(exportUrl(query)).toBe('/api/config/store/orders/export?filter=paid');
  });

  it('gives each order an address of its own', () => {
    expect(orderAddress('a1B2_c3-d4')).toBe('/config/store/orders/a1B2_c3-d4');
    expect(orderIdAt('/config/store/orders/a1B2_c3-d4')).toBe('a1B2_c3-d4');
    expect(orderIdAt('/config/store/orders/a1B2_c3-d4/')).toBe('a1B2_c3-d4');
    expect(orderIdAt('/config/store/orders')).toBeUndefined();
    expect(orderIdAt('/config/store/orders/a/b')).toBeUndefined();
  });
});
