/**
 * An order's timeline (`order_events`): what happened to it, in order (the identity column orders
 * it), who did it (a team member's account, null for the store or the shopper) and its facts as the
 * timeline words them. Each is written in the transaction of the change it records, often in the
 * change's own statement (a CTE), so an order's placing costs no statement more.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ORDER_EVENT_KINDS } from '../../../contracts/orders';
import type { Executor } from '../../../db/client';
import { orderEvents } from './schema';

export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
export type EventDetail = Record<string, string | number | boolean | null>;

export type NewOrderEvent = { kind: OrderEventKind; accountId: string | null; detail?: EventDetail };

/** Events of one order, in the order given, in one insert. */
export async function recordEvents(tx: Executor, websiteId: string, orderId: string, events: readonly NewOrderEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(orderEvents).values(events.map((e) => ({ websiteId, orderId, kind: e.kind, accountId: e.accountId, detail: e.detail ?? {} })));
}

/** The same as a statement's part: `INSERT … SELECT` of one event for each order a CTE's rows name (`website_id`, `id`), with `detail` over them. */
export function eventsFor(cte: string, kind: OrderEventKind, accountId: string | null, detail: SQL = sql`'{}'::jsonb`): SQL {
  return sql`INSERT INTO order_events (website_id, order_id, kind, account_id, detail)
    SELECT website_id, id, ${kind}::text, ${accountId}::text, ${detail} FROM ${sql.identifier(cte)}`;
}
