/** What a request says about where it was sent: host without port, and origin. */
import type { FastifyRequest } from 'fastify';

/** Host header without port, lowercased; `[::1]` keeps its brackets. */
export function requestHost(req: FastifyRequest): string {
  const raw = (req.headers.host ?? '').toLowerCase();
  if (raw.startsWith('[')) return raw.slice(0, raw.indexOf(']') + 1);
  return raw.split(':')[0] ?? '';
}

export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}
