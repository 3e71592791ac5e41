import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, checkTotp, generateTotpSecret, hotp, otpauthUri, totp, totpStep } from './totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('base32 (RFC 4648 §10 vectors, without padding)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  it.each(vectors)('%j <-> %s', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });

  it('reads padded, lower-case and spaced text as people copy it', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZXW1')).toThrow(/base32/);
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
      }),
    );
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const codes = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(codes.map((c, i) => [i, c]))('counter %i gives %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('at %i s the 8-digit code is %s', (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
    // The 6-digit code is the same number's last six digits.
    expect(totp(RFC_KEY, seconds * 1000)).toBe(code.slice(2));
  });

  it('counts 30-second steps from the epoch', () => {
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
  });
});

describe('checking a code', () => {
  const secret = base32Encode(RFC_KEY);
  const now = 1_234_567_890_000;
  const step = totpStep(now);
  const codeAt = (s: number) => hotp(RFC_KEY, s);

  it('accepts the current step and one step either side, and answers the step it matched', () => {
    for (const s of [step - 1, step, step + 1]) expect(checkTotp(secret, codeAt(s), now, null)).toEqual({ ok: true, step: s });
  });

  it('refuses codes two steps away', () => {
    for (const s of [step - 2, step + 2]) expect(checkTotp(secret, codeAt(s), now, null)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses a code whose step was already accepted, or an earlier one, as used', () => {
    expect(checkTotp(secret, codeAt(step), now, step)).toEqual({ ok: false, reason: 'used' });
    expect(checkTotp(secret, codeAt(step - 1), now, step)).toEqual({ ok: false, reason: 'used' });
    expect(checkTotp(secret, codeAt(step + 1), now, step)).toEqual({ ok: true, step: step + 1 });
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', '12345a', ` ${codeAt(step)}`])
      expect(checkTotp(secret, code, now, null)).toEqual({ ok: false, reason: 'wrong' });
  });
});

describe('secrets and the key URI', () => {
  it('makes 20-byte secrets, different each time', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('names the issuer and the account in the otpauth address', () => {
    expect(otpauthUri('owner@example.com', 'JBSWY3DPEHPK3PXP')).toBe('otpauth://totp/OpenPress:owner@example.com?secret=JBSWY3DPEHPK3PXP&issuer=OpenPress');
    expect(otpauthUri('a+b c@example.com', 'JBSWY3DPEHPK3PXP')).toBe('otpauth://totp/OpenPress:a%2Bb%20c@example.com?secret=JBSWY3DPEHPK3PXP&issuer=OpenPress');
  });
});
