/**
 * The emails that tell an account's owner about a change to how the account is secured: the
 * password changed (by the owner, or by an emailed reset link), two-factor sign-in turned on or
 * off, a new set of recovery codes. Each is queued on the transaction that makes the change, for
 * team members and customers alike, with a link to the site's own address (never the request's),
 * so whoever did not make the change can act at once.
 */
import type { Executor } from '../../../db/client';
import { enqueueEmail, type EnqueueEmailOptions } from '../../mail/mailer';
import { format } from '../../../messages/format';
import { securityEmails } from '../../../messages/security-emails';

export type SecurityChange = 'passwordChanged' | 'passwordReset' | 'twoFactorOn' | 'twoFactorOff' | 'recoveryCodesMade';

const NOTICES: Record<SecurityChange, { subject: string; what: string; sessions: string }> = {
  passwordChanged: {
    subject: securityEmails.passwordChangedSubject,
    what: securityEmails.passwordChanged,
    sessions: securityEmails.passwordChangedSessions,
  },
  passwordReset: {
    subject: securityEmails.passwordChangedSubject,
    what: securityEmails.passwordReset,
    sessions: securityEmails.passwordResetSessions,
  },
  twoFactorOn: {
    subject: securityEmails.twoFactorOnSubject,
    what: securityEmails.twoFactorOn,
    sessions: securityEmails.othersSignedOut,
  },
  twoFactorOff: {
    subject: securityEmails.twoFactorOffSubject,
    what: securityEmails.twoFactorOff,
    sessions: securityEmails.othersSignedOut,
  },
  recoveryCodesMade: {
    subject: securityEmails.recoveryCodesSubject,
    what: securityEmails.recoveryCodes,
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
    format(securityEmails.account, { to: notice.to, accountOf: notice.accountOf, when }),
    ...(sessions ? [sessions] : []),
    format(securityEmails.ifNotYou, { reviewUrl: notice.reviewUrl }),
  ].join('\n\n');
  await enqueueEmail(tx, notice.websiteId, { to: notice.to, subject, text }, notice.mailOptions ?? {});
}
