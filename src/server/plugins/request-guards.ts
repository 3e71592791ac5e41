/**
 * The checks every request passes before anything else runs: a Host header that is a plain
 * `host[:port]` (400 otherwise, so a hostile Host never reaches a cache key, a page or a link).
 */
import type { FastifyInstance } from 'fastify';
import { parseHostHeader, type HostHeader } from '../request';

export const BAD_HOST_MESSAGE = 'The Host header must be a host name or address, with an optional port.';

export function registerRequestGuards(app: FastifyInstance): void {
  app.decorateRequest('hostHeader', undefined as unknown as HostHeader);
  app.addHook('onRequest', async (req, reply) => {
    const host = parseHostHeader(req.headers.host);
    if (!host) return reply.code(400).header('cache-control', 'no-store').send({ error: BAD_HOST_MESSAGE });
    req.hostHeader = host;
  });
}
