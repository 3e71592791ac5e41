import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passwords } from '../../../../messages/passwords';
import {
  configurePasswordHashing,
  DEFAULT_PASSWORD_HASH_COST,
  generatePassword,
  hashPassword,
  newPasswordRefusal,
  unmatchableHash,
  verifyPassword,
} from './passwords';

describe('password hashes', () => {
  // The test processes hash at a lower cost (test/setup-secrets.ts): each test starts from the default and puts theirs back.
  let before: number;
  beforeEach(() => void (before = configurePasswordHashing(DEFAULT_PASSWORD_HASH_COST)));
  afterEach(() => void configurePasswordHashing(before));

  it('are scrypt at 2^15 by default, salted, and match only their own password', async () => {
    const [a, b] = [await hashPassword('correct kiln glaze'), await hashPassword('correct kiln glaze')];
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct kiln glaze', a)).toBe(true);
    expect(await verifyPassword('correct kiln glazes', a)).toBe(false);
  });

  it('keep the cost they were made with, so a changed PASSWORD_HASH_COST leaves every password working', async () => {
    configurePasswordHashing(10);
    const cheap = await hashPassword('correct kiln glaze');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    configurePasswordHashing(16);
    expect(await verifyPassword('correct kiln glaze', cheap)).toBe(true);
    expect(unmatchableHash()).toMatch(/^scrypt\$65536\$8\$1\$/);
  });

  it('checked for an unknown email, match no password at the current cost', async () => {
    configurePasswordHashing(12);
    expect(unmatchableHash()).toMatch(/^scrypt\$4096\$8\$1\$A{22}\$A{43}$/);
    for (const password of ['', 'A', 'correct kiln glaze']) expect(await verifyPassword(password, unmatchableHash())).toBe(false);
  });
});

describe('newPasswordRefusal', () => {
  it('refuses the most common passwords, whatever their case, and accepts a long passphrase', async () => {
    for (const password of ['1234567890', 'password12', 'aaaaaaaaaa', 'Password12', 'iloveyou2']) {
      expect(await newPasswordRefusal(password, {}), password).toBe(passwords.common);
    }
    expect(await newPasswordRefusal('correct kiln glaze at dawn', {})).toBeUndefined();
  });

  it('passes the generated passwords that `npm run user` prints', async () => {
    for (let i = 0; i < 20; i++) expect(await newPasswordRefusal(generatePassword(), { email: 'owner@example.com', siteName: 'Demo' })).toBeUndefined();
  });
});
