/** Anonymous crumbs, made a block at a time: each handed out once, each valid, none valid once altered. */
import { describe, expect, it } from 'vitest';
import { crumbTools } from './crumb';

describe('anonymous crumbs', () => {
  it('are all different across several blocks, each one valid enciphered block', () => {
    const tools = crumbTools('a server secret of enough length');
    const crumbs = Array.from({ length: 1000 }, () => tools.issue());
    expect(new Set(crumbs).size).toBe(crumbs.length);
    for (const crumb of crumbs) {
      expect(crumb).toMatch(/^[A-Za-z0-9_-]{21}[AQgw]$/);
      expect(tools.valid(crumb)).toBe(true);
    }
  });

  it('are refused when any character is changed, when made under another secret, or when not one block', () => {
    const tools = crumbTools('a server secret of enough length');
    const crumb = tools.issue();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last character carries 2 bits of the block and 4 of padding: change it among the values whose top bits differ.
    for (let at = 0; at < crumb.length; at++) {
      const other = alphabet[(alphabet.indexOf(crumb[at]!) + (at === crumb.length - 1 ? 16 : 1)) % 64]!;
      expect(tools.valid(`${crumb.slice(0, at)}${other}${crumb.slice(at + 1)}`)).toBe(false);
    }
    expect(crumbTools('another secret of enough length').valid(crumb)).toBe(false);
    expect(tools.valid(`${crumb}A`)).toBe(false);
    // The same block spelt with padding bits set is not the crumb handed out.
    expect(tools.valid(`${crumb.slice(0, -1)}${alphabet[alphabet.indexOf(crumb.at(-1)!) + 1]}`)).toBe(false);
    expect(tools.valid(crumb.slice(1))).toBe(false);
    expect(tools.valid(`${crumb.slice(0, 10)}.${crumb.slice(11)}`)).toBe(false);
    expect(tools.valid('AAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
    expect(tools.valid(undefined)).toBe(false);
  });

  it('stay valid on another app server sharing the secret', () => {
    const crumb = crumbTools('a server secret of enough length').issue();
    expect(crumbTools('a server secret of enough length').valid(crumb)).toBe(true);
  });
});
