/** Anonymous crumbs, made a block at a time: each handed out once, each valid, none valid once altered. */
import { describe, expect, it } from 'vitest';
import { crumbTools } from './crumb';

describe('anonymous crumbs', () => {
  it('are all different across several blocks, each a valid signed nonce', () => {
    const tools = crumbTools('a server secret of enough length');
    const crumbs = Array.from({ length: 1000 }, () => tools.issue());
    expect(new Set(crumbs).size).toBe(crumbs.length);
    for (const crumb of crumbs) {
      expect(crumb).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
      expect(tools.valid(crumb)).toBe(true);
    }
  });

  it('are refused when the nonce or the signature is changed, or signed with another secret', () => {
    const tools = crumbTools('a server secret of enough length');
    const [nonce, mac] = tools.issue().split('.') as [string, string];
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    expect(tools.valid(`${flip(nonce)}.${mac}`)).toBe(false);
    expect(tools.valid(`${nonce}.${flip(mac)}`)).toBe(false);
    expect(crumbTools('another secret of enough length').valid(`${nonce}.${mac}`)).toBe(false);
    expect(tools.valid(undefined)).toBe(false);
  });
});
