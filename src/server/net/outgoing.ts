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
import http from 'node:http';
import https from 'node:https';
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
  // The message names the host the owner gave, never what it resolves to: a site's team learns nothing of the server's network.
  if (allowed.length === 0)
    throw new RefusedTargetError(`${purpose.refused} ${bare} is not a public address. An operator can allow private addresses with ${purpose.allowWith}.`);
  return allowed;
}

/** A `lookup` for node:net, node:http and node:https that answers only the checked addresses: no second DNS lookup. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as (err: null, list: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/** Why a guarded request failed: `refused` and `tooLarge` will fail again; the others may not. */
export type OutgoingFailure = 'refused' | 'unreachable' | 'timeout' | 'tooLarge' | 'ended';

/** A guarded request that got no usable answer; `message` is for operators' logs, callers word their own for users. */
export class OutgoingError extends Error {
  constructor(
    readonly reason: OutgoingFailure,
    message: string,
  ) {
    super(message);
  }
}

export type GuardedRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  /** The most of the answer's body read. */
  maxBytes: number;
  /** Past `maxBytes`: answer with what was read (a receiver's status is all that matters), instead of failing with `tooLarge`. */
  truncate?: boolean;
};

export type GuardedAnswer = { status: number; statusMessage: string; contentType: string; body: Buffer };

/**
 * One http(s) request to a host a site names, through the checks above: the host resolved once and
 * the connection pinned to its checked addresses, no connection pooling, a time limit on the whole
 * exchange and a cap on the answer's size. Throws OutgoingError.
 */
export async function guardedRequest(url: URL, policy: OutgoingPolicy, purpose: OutgoingPurpose, request: GuardedRequest): Promise<GuardedAnswer> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutgoingError('refused', `${purpose.refused} ${url.protocol} is not http or https`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await checkedAddresses(url.hostname, policy, purpose);
  } catch (err) {
    if (err instanceof RefusedTargetError) throw new OutgoingError('refused', err.message);
    throw new OutgoingError('unreachable', `${url.hostname} could not be resolved: ${(err as Error).message}`);
  }
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const signal = AbortSignal.timeout(request.timeoutMs);
    const headers = { ...request.headers, ...(request.body ? { 'content-length': String(request.body.length) } : {}) };
    const req = send(url, { method: request.method ?? 'GET', lookup: pinnedLookup(addresses), agent: false, signal, headers }, (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let cut = false;
      const answer = (): GuardedAnswer => ({
        status: res.statusCode ?? 0,
        statusMessage: res.statusMessage ?? '',
        contentType: String(res.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks),
      });
      res.on('data', (chunk: Buffer) => {
        if (cut) return;
        read += chunk.length;
        if (read <= request.maxBytes) {
          chunks.push(chunk);
          return;
        }
        cut = true;
        if (request.truncate) {
          chunks.push(chunk.subarray(0, chunk.length - (read - request.maxBytes)));
          resolve(answer());
        } else reject(new OutgoingError('tooLarge', `${url.hostname} answered more than ${request.maxBytes} bytes`));
        res.destroy();
      });
      res.on('end', () => resolve(answer()));
      res.on('error', () => reject(new OutgoingError('ended', `${url.hostname}'s answer ended early`)));
      res.on('close', () => {
        if (!cut && !res.complete) reject(new OutgoingError('ended', `${url.hostname}'s answer ended early`));
      });
    });
    req.on('error', (err) => {
      const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError' || signal.aborted;
      reject(
        timedOut
          ? new OutgoingError('timeout', `${url.hostname} did not answer within ${request.timeoutMs / 1000} s`)
          : new OutgoingError('unreachable', `${url.hostname}: ${err.message}`),
      );
    });
    req.end(request.body);
  });
}
