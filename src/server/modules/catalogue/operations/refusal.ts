/**
 * How the Store area's operations refuse: a `StoreRefusal` thrown inside the transaction rolls back
 * whatever the call wrote, and the route answers it as it is (`{ error, errors }`, with `current`
 * for a draft saved over a newer one).
 */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../../../db/client';

export class StoreRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly error: string,
    readonly errors?: Record<string, string>,
    readonly current?: unknown,
  ) {
    super(error);
  }
}

export const notFound = (error: string) => new StoreRefusal(404, error);
export const invalid = (error: string, errors: Record<string, string>) => new StoreRefusal(400, error, errors);

/** A new id as the document writes them: 24 lowercase hex characters. */
export const newId = () => randomBytes(12).toString('hex');

/**
 * What the catalogue needs of the site's shops, which are the content module's collections (a
 * module above this one): a shop's path, and whether other content of the site answers at a path.
 * The routes pass the content module's answers in.
 */
export type ShopDirectory = {
  shop(tx: Executor, websiteId: string, shopId: string): Promise<{ title: string; path: string } | undefined>;
  pathTaken(tx: Executor, websiteId: string, path: string): Promise<boolean>;
};

/** Whether `err` is PostgreSQL's unique violation of the constraint or index `name`. */
export function uniqueViolation(err: unknown, name: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | undefined;
  const pg = e?.code ? e : e?.cause;
  return pg?.code === '23505' && pg.constraint === name;
}
