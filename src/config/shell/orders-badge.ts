/**
 * The sidebar's count of orders to fulfil beside Orders (the counts call): read when the shell
 * opens, and again whenever an orders screen says an order changed (`ordersChanged`), so fulfilling,
 * refunding or cancelling one updates it at once.
 */
import { useEffect, useState } from 'react';
import { orderCountsAnswer, ORDERS_API } from '../../contracts/orders';
import { format } from '../../messages/format';
import { ordersScreens } from '../../messages/orders-screens';
import { call } from '../shared/api';

const ORDERS_CHANGED = 'openpress:orders-changed';

/** Tells the sidebar an order changed (fulfilled, refunded, cancelled, paid), so it counts again. */
export function ordersChanged(): void {
  window.dispatchEvent(new Event(ORDERS_CHANGED));
}

/** The orders to fulfil, for a role that may see orders; null until known (or when the count could not be read: the badge is a hint, never an error). */
export function useOrdersToFulfil(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const load = () => {
      call(orderCountsAnswer, 'GET', ORDERS_API.COUNTS).then(
        (answer) => current && setCount(answer.toFulfil),
        () => current && setCount(null),
      );
    };
    load();
    window.addEventListener(ORDERS_CHANGED, load);
    return () => {
      current = false;
      window.removeEventListener(ORDERS_CHANGED, load);
    };
  }, [enabled]);
  return count;
}

/** The badge of an entry whose count is `count` (none for zero or unknown), with the entry's accessible name saying what it counts. */
export function toFulfilBadge(label: string, count: number | null): { count: number; name: string } | undefined {
  return count ? { count, name: format(ordersScreens.toFulfil, { label, count }) } : undefined;
}
