/**
 * What a request says about where it was sent, read once and checked: the Host header (refused
 * with 400 before anything else runs unless it is a plain `host[:port]`: http/host-check.ts), and
 * the scheme. Every
 * absolute URL the server builds from a request, and every cache key, comes from the normalised
 * host here; links in emails never come from a request at all but from the site's own address
 * (`siteOrigin`).
 */
import type { FastifyRequest } from 'fastify';
import type { HostHeader } from './http/host-check';

declare module 'fastify' {
  interface FastifyRequest {
    /** The checked Host header (set by the host check before anything else runs). */
    hostHeader: HostHeader;
  }
}

/** Host name without port, lowercased; `[::1]` keeps its brackets. */
export function requestHost(req: FastifyRequest): string {
  return req.hostHeader.hostname;
}

/** The origin the request was sent to, from the checked Host header and the (proxy-aware) scheme. */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.hostHeader.host}`;
}

/**
 * The scheme and port under which sites are reached from outside: PUBLIC_URL's, or when it is
 * unset plain http on the port the server listens on.
 */
export type PublicBase = { protocol: 'http:' | 'https:'; port: string };

/** PUBLIC_URL (validated at start) as a base; `listenPort` when it is unset. */
export function publicBase(publicUrl: string | undefined, listenPort: number | undefined): PublicBase {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { protocol: url.protocol === 'https:' ? 'https:' : 'http:', port: url.port };
  }
  return { protocol: 'http:', port: listenPort === undefined || listenPort === 80 ? '' : String(listenPort) };
}

/**
 * A site's own address, for links to its pages that leave the request behind (emails to customers
 * and subscribers): its first custom domain, else its config area's address below.
 */
export function siteOrigin(site: { identifier: string; customDomains: readonly string[] }, appDomain: string, base: PublicBase): string {
  const [domain] = site.customDomains;
  return domain !== undefined ? origin(domain, base) : configOrigin(site.identifier, appDomain, base);
}

/**
 * Where a site's config area is (seed 000 §2: on the site's own identifier subdomain), for links
 * to it that leave the request behind: team invitations and password resets, security notices,
 * the site picker, a new identifier's address.
 */
export function configOrigin(identifier: string, appDomain: string, base: PublicBase): string {
  return origin(`${identifier}.${appDomain}`, base);
}

function origin(host: string, base: PublicBase): string {
  return `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`;
}

/** Whether answers should mark cookies Secure: the request came over TLS (as a trusted proxy says), or the public address is https. */
export function securedRequest(req: FastifyRequest, base: PublicBase): boolean {
  return req.protocol === 'https' || base.protocol === 'https:';
}
