/**
 * An app-wide Fastify plugin: what it decorates and the hooks it adds apply to the whole app, not
 * only to routes registered inside it (Fastify's `skip-override`, what fastify-plugin sets), so
 * the plugins of app.ts can be registered one after another, in load order, and each sees what the
 * ones before it decorated.
 */
import type { FastifyInstance } from 'fastify';

export type AppPlugin<O> = ((app: FastifyInstance, opts: O) => Promise<void>) & { [key: symbol]: unknown };

export function appPlugin<O>(name: string, register: (app: FastifyInstance, opts: O) => Promise<void>): AppPlugin<O> {
  return Object.assign(register, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
}
