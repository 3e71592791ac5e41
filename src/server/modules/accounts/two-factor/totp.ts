/**
 * One-time codes for two-factor sign-in: HOTP (RFC 4226) and TOTP (RFC 6238) with HMAC-SHA1,
 * 6 digits and 30-second steps, the settings every authenticator app assumes; base32 secrets
 * (RFC 4648) and the `otpauth://` address apps read. Pure apart from the random secret: no
 * database, no clock of its own (callers pass the time).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too, for clocks a little off. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'OpenPress';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 without padding (authenticator apps expect none; a 20-byte secret needs none anyway). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Reads base32 case-insensitively, ignoring spaces, hyphens and padding (as people type it from a screen). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 255);
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** RFC 4226: the code for one counter value. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in (RFC 6238 T, counted from the Unix epoch). */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 6238: the code an authenticator app shows at a moment. */
export function totp(key: Uint8Array, timeMs: number, digits = TOTP_DIGITS): string {
  return hotp(key, totpStep(timeMs), digits);
}

/** A new shared secret: 20 random bytes (the HMAC-SHA1 key length RFC 4226 recommends), in base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The key URI authenticator apps read from a link or a QR code. */
export function otpauthUri(email: string, secret: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email).replace(/%40/g, '@')}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TOTP_ISSUER)}`;
}

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'used' };

/**
 * Checks a code against the steps around `timeMs`. A code is good once: a step at or before
 * `lastStep` (the last accepted one) is refused as used, so a code seen over a shoulder or
 * replayed from a request cannot sign in again.
 */
export function checkTotp(secret: string, code: string, timeMs: number, lastStep: number | null): CodeCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'wrong' };
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const now = totpStep(timeMs);
  let used = false;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (!timingSafeEqual(Buffer.from(hotp(key, step)), given)) continue;
    if (lastStep === null || step > lastStep) return { ok: true, step };
    used = true;
  }
  return { ok: false, reason: used ? 'used' : 'wrong' };
}
