/**
 * The rule for a new password, for customers and team members alike (OWASP ASVS 5.0 V6.2): at
 * least 8 characters (12 or more recommended), at most 128, not the account's email address (nor
 * its name before the @) and not the site's name. Characters are counted as Unicode code points,
 * so a passphrase in any script counts as it reads. Pure: the server adds the check against the
 * list of common passwords, which stays on the server (src/server/modules/accounts/passwords/common-passwords.ts);
 * the browser forms show the same hint and check the rest before sending.
 */
import { format } from '../messages/format';
import { passwords } from '../messages/passwords';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'missing' | 'tooShort' | 'tooLong' | 'common' | 'email' | 'siteName';

/** The text of a password problem. */
export function passwordProblemText(problem: PasswordProblem): string {
  switch (problem) {
    case 'tooShort':
      return format(passwords.tooShort, { min: PASSWORD_MIN_LENGTH, recommended: PASSWORD_RECOMMENDED_LENGTH });
    case 'tooLong':
      return format(passwords.tooLong, { max: PASSWORD_MAX_LENGTH });
    default:
      return passwords[problem];
  }
}

/** Shown beside every new-password field. */
export const PASSWORD_HINT = format(passwords.hint, { min: PASSWORD_MIN_LENGTH, recommended: PASSWORD_RECOMMENDED_LENGTH });

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
