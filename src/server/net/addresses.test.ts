import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressRange, isPublicAddress } from './addresses';

const hexGroups = (ip: string) => {
  const [a, b, c, d] = ip.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) + b).toString(16)}:${((c << 8) + d).toString(16)}`;
};

describe('outgoing request addresses (SSRF)', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('refuses IPv4 %s (%s)', (ip, range) => {
    expect(addressRange(ip)).toBe(range);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['1.1.1.1', '8.8.8.8', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '11.0.0.1', '223.255.255.255'])(
    'allows public IPv4 %s',
    (ip) => expect(isPublicAddress(ip)).toBe(true),
  );

  it.each([
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:0', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses IPv6 %s (%s)', (ip, range) => {
    expect(addressRange(ip)).toBe(range);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::c0a8:101', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
  ])('judges IPv6 forms that carry an IPv4 address by it: %s (%s)', (ip, range) => {
    expect(addressRange(ip)).toBe(range);
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '2001:4860:4860::8888', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808'])(
    'allows public IPv6 %s',
    (ip) => expect(isPublicAddress(ip)).toBe(true),
  );

  it('refuses text that is no IP address', () => {
    for (const text of ['', 'localhost', '127.1', '1.2.3', '::ffff:1.2.3.256', '1::2::3', 'fe80::g', '12345::1']) expect(isPublicAddress(text)).toBe(false);
  });

  it('judges every IPv4-mapped IPv6 address, dotted or in hex, as its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        const range = addressRange(ip);
        expect(addressRange(`::ffff:${ip}`)).toBe(range);
        expect(addressRange(`::ffff:${hexGroups(ip)}`)).toBe(range);
        expect(addressRange(`0:0:0:0:0:ffff:${ip}`)).toBe(range);
        expect(addressRange(`64:ff9b::${ip}`)).toBe(range);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers for every IPv6 address without throwing, and refuses every one in fc00::/7, fe80::/10 and ff00::/8', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const range = addressRange(ip);
        const first = Number.parseInt(ip.startsWith(':') ? '0' : ip.split(':')[0]!, 16);
        if ((first & 0xfe00) === 0xfc00) expect(range).toBe('unique-local');
        if ((first & 0xffc0) === 0xfe80) expect(range).toBe('link-local');
        if ((first & 0xff00) === 0xff00) expect(range).toBe('multicast');
      }),
      { numRuns: 2000 },
    );
  });
});
