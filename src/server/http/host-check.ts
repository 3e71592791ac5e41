/**
 * What a request must be before anything else runs, as a pure function: a Host header that is a
 * plain `host[:port]` (so a hostile Host never reaches a cache key, a page or a link) and a URL
 * without a NUL. The framework's first hook applies it (plugins/request-guards.ts), and a plain-Node
 * path in front of the framework can apply the very same check. A refusal names its reason; the
 * answer's text for each reason is the `http` messages of src/messages/http.ts under that name.
 */
import { urlHoldsNul } from '../text-guard';

/** A Host header as the server uses it: lowercased, without a trailing dot; `[::1]` keeps its brackets. */
export type HostHeader = { hostname: string; port: string | undefined; host: string };

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST_PATTERN = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)\\.?|(\\[[0-9a-f:.]{2,45}\\]))(?::([0-9]{1,5}))?$`);

/**
 * Reads a Host header: a host name, an IPv4 address or a bracketed IPv6 address, with an optional
 * port. Anything else (a user part with '@', a path, spaces, control characters, an empty value)
 * answers undefined.
 */
export function parseHostHeader(raw: string | undefined): HostHeader | undefined {
  if (raw === undefined || raw.length === 0 || raw.length > 300) return undefined;
  const m = HOST_PATTERN.exec(raw.toLowerCase());
  if (!m) return undefined;
  const hostname = m[1] ?? m[2]!;
  const port = m[3];
  if (port !== undefined && (Number(port) > 65535 || Number(port) === 0)) return undefined;
  return { hostname, port, host: port === undefined ? hostname : `${hostname}:${port}` };
}

/** The request's checked Host (when it has one), and why it is refused (answered 400), if it is. */
export type RequestCheck = { host: HostHeader; refused?: 'urlNul' } | { host?: undefined; refused: 'badHost' };

export function checkRequest(facts: { host: string | undefined; url: string }): RequestCheck {
  return checked(parseHostHeader(facts.host), facts.url);
}

function checked(host: HostHeader | undefined, url: string): RequestCheck {
  if (!host) return { refused: 'badHost' };
  return urlHoldsNul(url) ? { host, refused: 'urlNul' } : { host };
}

/**
 * `checkRequest` for a server's stream of requests: nearly every request names the same Host as the
 * one before, so the last Host header read is kept with what it read as.
 */
export function requestChecker(): typeof checkRequest {
  let lastRaw: string | undefined;
  let lastHost: HostHeader | undefined;
  return (facts) => {
    if (facts.host !== lastRaw || lastHost === undefined) {
      lastRaw = facts.host;
      lastHost = parseHostHeader(facts.host);
    }
    return checked(lastHost, facts.url);
  };
}
