import { describe, expect, it } from 'vitest';
import { passwords } from '../../messages/passwords';
import { generatePassword, newPasswordRefusal } from './passwords';

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
