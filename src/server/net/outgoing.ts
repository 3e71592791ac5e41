/**
 * Outgoing connections to hosts a site's settings name (a form's webhook, the site's own SMTP
 * server): the host is resolved once, when the connection is made, and only an address checked
 * by ./addresses.ts may be connected to — the connection is pinned to it, so a DNS answer that
 * changes between the check and the connection (DNS rebinding) cannot reach the server's own
 * network. The operator may allow loopback and private targets (a receiver or mail server on
 * their own network). Connections the operator configures (SMTP_URL, RECAPTCHA_VERIFY_URL) are
 * their own choice and do not come through here.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { addressRange } from './addresses';

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export type OutgoingPolicy = {
  /** Allow loopback and private targets (OUTGOING_ALLOW_PRIVATE=true, or WEBHOOK_ALLOW_PRIVATE=true for webhooks). */
  allowPrivate: boolean;
  /** How a host name is resolved; the system resolver unless a test swaps one in. */
  resolve?: Resolver;
};

/** How the error message of a refused connection starts (the host follows), and the setting that would allow it. */
export type OutgoingPurpose = { refused: string; allowWith: string };

/** No address the host resolves to may be connected to: retrying cannot help. */
export class RefusedTargetError extends Error {}

const systemResolve: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The addresses a connection to `host` may use, resolved now. Throws RefusedTargetError when none
 * may be used; a failing DNS lookup throws as it is (the name may resolve later).
 */
export async function checkedAddresses(host: string, policy: OutgoingPolicy, purpose: OutgoingPurpose): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const all = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await (policy.resolve ?? systemResolve)(bare);
  if (policy.allowPrivate) return all;
  const allowed = all.filter((a) => addressRange(a.address) === undefined);
  if (allowed.length === 0) {
    const refused = all.map((a) => `${a.address} (${addressRange(a.address)})`).join(', ');
    throw new RefusedTargetError(
      `${purpose.refused} ${bare} resolves only to addresses outgoing requests may not reach: ${refused || 'none'}. An operator can allow private addresses with ${purpose.allowWith}.`,
    );
  }
  return allowed;
}

/** A `lookup` for node:net, node:http and node:https that answers only the checked addresses: no second DNS lookup. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as (err: null, list: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}
