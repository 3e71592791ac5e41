/**
 * The emails that tell an account's owner about a change to how the account is secured: the
 * password changed (by the owner, or by an emailed reset link), two-factor sign-in turned on or
 * off, a new set of recovery codes. Each is queued on the transaction that makes the change, for
 * team members and customers alike, with a link to the site's own address (never the request's),
 * so whoever did not make the change can act at once.
 */
import type { Executor } from '../../db/client';
import { enqueueEmail, type EnqueueEmailOptions } from '../mail/mailer';

export type SecurityChange = 'passwordChanged' | 'passwordReset' | 'twoFactorOn' | 'twoFactorOff' | 'recoveryCodesMade';

const NOTICES: Record<SecurityChange, { subject: string; what: string; sessions: string }> = {
  passwordChanged: {
    subject: 'Your password was changed',
    what: 'The password of your account was changed.',
    sessions: 'Everywhere else you were signed in has been signed out; the device that changed it stays signed in.',
  },
  passwordReset: {
    subject: 'Your password was changed',
    what: 'The password of your account was changed with a reset link sent to this address.',
    sessions: 'Everywhere you were signed in has been signed out.',
  },
  twoFactorOn: {
    subject: 'Two-factor sign-in was turned on',
    what: 'Two-factor sign-in was turned on for your account: signing in now asks for a code from an authenticator app after the password.',
    sessions: 'Everywhere else you were signed in has been signed out.',
  },
  twoFactorOff: {
    subject: 'Two-factor sign-in was turned off',
    what: 'Two-factor sign-in was turned off for your account: signing in now asks only for the password.',
    sessions: 'Everywhere else you were signed in has been signed out.',
  },
  recoveryCodesMade: {
    subject: 'New recovery codes were made',
    what: 'A new set of two-factor recovery codes was made for your account. The earlier codes no longer work.',
    sessions: '',
  },
};

export type SecurityNotice = {
  websiteId: string;
  to: string;
  /** Where the account lives, as its owner knows it: "OpenPress" for the config area, the site's name for a customer. */
  accountOf: string;
  /** Where to review the account or reset the password (built from the site's own address). */
  reviewUrl: string;
  mailOptions?: EnqueueEmailOptions;
};

export async function enqueueSecurityNotice(tx: Executor, change: SecurityChange, notice: SecurityNotice): Promise<void> {
  const { subject, what, sessions } = NOTICES[change];
  const when = new Date().toUTCString();
  const text = [
    `${what}`,
    `Account: ${notice.to} (${notice.accountOf})\nWhen: ${when}`,
    ...(sessions ? [sessions] : []),
    `If this was you, there is nothing more to do.\n\nIf it was not you, someone else may know your password: reset it now and check where your account is signed in:\n${notice.reviewUrl}`,
  ].join('\n\n');
  await enqueueEmail(tx, notice.websiteId, { to: notice.to, subject, text }, notice.mailOptions ?? {});
}
