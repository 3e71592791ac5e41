/**
 * Which IP addresses an outgoing request of a site (a form's webhook) may reach: public unicast
 * only. Everything a request forged by a site owner could use to reach the server's own network
 * is refused — loopback, private, shared (CGNAT), link-local, unique-local, multicast, unspecified,
 * broadcast and reserved ranges — in IPv4 and IPv6, including IPv6 forms that carry an IPv4
 * address (IPv4-mapped, IPv4-compatible, NAT64, 6to4), which are judged by that IPv4 address.
 */
import { isIP } from 'node:net';

/** Why an address is refused, or undefined for a public address (and for text that is no address: callers check with isIP first). */
export type AddressRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

type V4Range = [first: number, prefix: number, range: AddressRange];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

const V4_RANGES: V4Range[] = [
  [v4(0, 0, 0, 0), 8, 'unspecified'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'shared'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'],
  [v4(192, 0, 2, 0), 24, 'reserved'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'reserved'],
  [v4(198, 51, 100, 0), 24, 'reserved'],
  [v4(203, 0, 113, 0), 24, 'reserved'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(255, 255, 255, 255), 32, 'broadcast'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

function parseV4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

function v4Range(address: number): AddressRange | undefined {
  for (const [first, prefix, range] of V4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((address & mask) >>> 0 === first) return range;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a zone such as %eth0 is dropped), or undefined. */
function parseV6(text: string): number[] | undefined {
  let bare = text.split('%')[0]!;
  // A trailing dotted IPv4 part (::ffff:127.0.0.1) is the last two groups.
  const lastColon = bare.lastIndexOf(':');
  if (bare.slice(lastColon + 1).includes('.')) {
    const embedded = parseV4(bare.slice(lastColon + 1));
    if (embedded === undefined) return undefined;
    bare = `${bare.slice(0, lastColon + 1)}${(embedded >>> 16).toString(16)}:${(embedded & 0xffff).toString(16)}`;
  }
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...left, ...right].every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  const known = left.length + right.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  return [...left, ...Array<string>(8 - known).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
}

function v6Range(g: number[]): AddressRange | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const embeddedV4 = ((g6 << 16) >>> 0) + g7;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated) reach the IPv4 address.
  if (zeroTo(5) && g5 === 0xffff) return v4Range(embeddedV4);
  if (zeroTo(6)) return v4Range(embeddedV4) ?? 'reserved';
  // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local NAT64) translate to the IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4Range(embeddedV4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'reserved';
  // 2002::/16 (6to4) carries the IPv4 address in groups 1 and 2.
  if (g0 === 0x2002) return v4Range(((g1 << 16) >>> 0) + g2);
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return undefined;
}

/** The refused range an IP address falls in, or undefined when it is a public address. Text that is no IP address is 'reserved'. */
export function addressRange(address: string): AddressRange | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]!);
  if (family === 4) return v4Range(parseV4(bare)!);
  if (family === 6) {
    const groups = parseV6(bare);
    return groups ? v6Range(groups) : 'reserved';
  }
  return 'reserved';
}

/** Whether an outgoing request may connect to this address. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === undefined;
}
