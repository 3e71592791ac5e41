/**
 * The end-to-end tests' Node side resolves `{name}.localhost` to loopback, as Chromium does
 * (RFC 6761 reserves the name for it), so a file's calls from Node reach its site at the same
 * address its browser uses: `fetch(site.url)`, Playwright's request contexts, a sign-in from Node.
 * glibc resolves only `localhost` itself; every other name goes to Node's resolver as before.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';

const isLocalhost = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

const loopback = (options: LookupOptions): LookupAddress[] => (options.family === 6 ? [{ address: '::1', family: 6 }] : [{ address: '127.0.0.1', family: 4 }]);

const options = (given: unknown): LookupOptions => (typeof given === 'number' ? { family: given } : ((given as LookupOptions | undefined) ?? {}));

const lookup = dns.lookup;
dns.lookup = function (hostname: string, given: unknown, callback?: unknown) {
  const cb = (typeof given === 'function' ? given : callback) as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
  if (!isLocalhost(hostname))
    return (lookup as (...args: unknown[]) => void).call(dns, hostname, ...(typeof given === 'function' ? [given] : [given, callback]));
  const opts = typeof given === 'function' ? {} : options(given);
  const found = loopback(opts);
  process.nextTick(() => (opts.all ? cb(null, found) : cb(null, found[0]!.address, found[0]!.family)));
} as typeof dns.lookup;

const lookupPromise = dns.promises.lookup;
dns.promises.lookup = async function (hostname: string, given?: unknown) {
  if (!isLocalhost(hostname)) return (lookupPromise as (...args: unknown[]) => Promise<unknown>).call(dns.promises, hostname, given);
  const opts = options(given);
  const found = loopback(opts);
  return opts.all ? found : found[0]!;
} as typeof dns.promises.lookup;
