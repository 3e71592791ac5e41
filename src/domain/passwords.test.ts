import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, passwordProblem } from './passwords';

describe('passwordProblem', () => {
  it('needs 8 to 128 characters, counted as code points', () => {
    expect(passwordProblem('')).toBe('missing');
    expect(passwordProblem('seven77')).toBe('tooShort');
    expect(passwordProblem('eight888')).toBeUndefined();
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑')).toBe('tooShort');
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('tooLong');
  });

  it("refuses the account's email, its name before the @, and the site's name, whatever the case", () => {
    const context = { email: 'Nia.Okafor@example.com', siteName: 'Juniper Ceramics' };
    expect(passwordProblem('nia.okafor@example.com', context)).toBe('email');
    expect(passwordProblem('NIA.OKAFOR', context)).toBe('email');
    expect(passwordProblem('juniper ceramics', context)).toBe('siteName');
    expect(passwordProblem('juniper ceramics kiln', context)).toBeUndefined();
  });

  it('accepts any long enough password that repeats neither', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 100, unit: 'grapheme-ascii' }), (password) => {
        expect(passwordProblem(password, { email: 'a@b.co', siteName: 'Shop' })).toBeUndefined();
      }),
    );
  });
});
