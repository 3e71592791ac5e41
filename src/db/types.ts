/** The Drizzle handle's types, apart from the connection code so any db module can name them. */
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

export type Db = NodePgDatabase;
/** The database or a transaction on it: what a service step runs its queries on. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
