/**
 * The rule for a new password, for customers and team members alike (OWASP ASVS 5.0 V6.2): at
 * least 8 characters (12 or more recommended), at most 128, not the account's email address (nor
 * its name before the @) and not the site's name. Characters are counted as Unicode code points,
 * so a passphrase in any script counts as it reads. Pure: the server adds the check against the
 * list of common passwords, which stays on the server (src/server/services/common-passwords.ts);
 * the browser forms show the same hint and check the rest before sending.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  missing: 'Choose a password.',
  tooShort: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more is better.`,
  tooLong: `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is one of the most common passwords, so it is among the first anyone would try. Choose another, such as a few unrelated words.',
  email: 'Choose a password that is not your email address.',
  siteName: 'Choose a password that is not the name of the site.',
} as const;

export type PasswordProblem = keyof typeof PASSWORD_MESSAGES;

/** Shown beside every new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more is better, and a few unrelated words make a good one. Not a common password, your email address or the site's name.`;

/** Who the password is for, so it can be refused when it only repeats them. */
export type PasswordContext = { email?: string | undefined; siteName?: string | undefined };

const same = (a: string, b: string) => a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').trim().toLowerCase();

/** What is wrong with a new password by the rules that need no list, or undefined. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | undefined {
  if (password.length === 0) return 'missing';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const email = context.email?.trim();
  if (email && (same(password, email) || same(password, email.split('@')[0] ?? ''))) return 'email';
  if (context.siteName && same(password, context.siteName)) return 'siteName';
  return undefined;
}
