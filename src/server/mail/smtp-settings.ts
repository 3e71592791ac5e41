/**
 * A site's own outgoing mail server (its `smtp_settings` row), as the config area reads and
 * changes it. The password is stored sealed (src/server/secrets) for the mailer and never answered
 * back: a saved one is answered as the fixed mask, and a save without one, or with the mask sent
 * back, keeps it. Without a row the site's mail goes out through the server-wide mail server from
 * the environment (src/server/mail/mailer.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smtpSettings } from '../jobs/schema';
import { keepsStoredSecret, MASKED_SECRET } from '../../domain/secrets';
import { seal } from '../secrets/sealed';
import { enqueueEmail, mailServerInUse, serverMailSettings } from './mailer';
import { smtp } from '../../messages/smtp';
import { logActivity } from '../modules/sites';

/** What the config area sees of a site's SMTP settings: the password only as the mask, when one is saved. */
export type SmtpSettingsView = {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  fromAddress: string;
  passwordSet: boolean;
  password?: typeof MASKED_SECRET;
};

export type SmtpSettingsInput = {
  host: string;
  port: number;
  secure: boolean;
  /** Empty or absent: the server takes mail without signing in (and no password is kept). */
  username?: string | undefined;
  /** Absent or the mask keeps the stored password; an empty string removes it. */
  password?: string | undefined;
  fromAddress: string;
};

export type MailStatus = {
  smtp: SmtpSettingsView | null;
  /** Which server the site's mail goes out through now. */
  inUse: 'site' | 'server' | 'none';
  /** The server-wide default's From address, when there is one (its host and credentials are the operator's). */
  serverDefault: { fromAddress: string } | null;
};

export async function mailStatus(db: Db, websiteId: string): Promise<MailStatus> {
  const [row] = await db.select().from(smtpSettings).where(eq(smtpSettings.websiteId, websiteId));
  const server = serverMailSettings();
  return {
    smtp: row
      ? {
          host: row.host,
          port: row.port,
          secure: row.secure,
          username: row.username,
          fromAddress: row.fromAddress,
          passwordSet: Boolean(row.password),
          ...(row.password ? { password: MASKED_SECRET } : {}),
        }
      : null,
    inUse: row ? 'site' : server ? 'server' : 'none',
    serverDefault: server ? { fromAddress: server.fromAddress } : null,
  };
}

export async function saveSmtpSettings(db: Db, websiteId: string, input: SmtpSettingsInput, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [stored] = await tx.select({ password: smtpSettings.password }).from(smtpSettings).where(eq(smtpSettings.websiteId, websiteId)).for('update');
    const username = input.username || null;
    const kept = keepsStoredSecret(input.password);
    const password = !username ? null : kept ? (stored?.password ?? null) : input.password ? seal(input.password) : null;
    const values = { host: input.host, port: input.port, secure: input.secure, username, password, fromAddress: input.fromAddress };
    await tx
      .insert(smtpSettings)
      .values({ websiteId, ...values })
      .onConflictDoUpdate({ target: smtpSettings.websiteId, set: values });
    await logActivity(tx, websiteId, actorId, 'mail.smtp_updated', { host: input.host, port: input.port, passwordChanged: !kept });
  });
}

/** Back to the server-wide mail server; false when the site had no settings of its own. */
export async function removeSmtpSettings(db: Db, websiteId: string, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(smtpSettings).where(eq(smtpSettings.websiteId, websiteId)).returning({ websiteId: smtpSettings.websiteId });
    if (removed.length === 0) return false;
    await logActivity(tx, websiteId, actorId, 'mail.smtp_removed');
    return true;
  });
}

export class NoMailServerError extends Error {}

/** Queues a test email to `to` through whichever server the site's mail uses now; refused when there is none. */
export async function queueTestEmail(db: Db, websiteId: string, siteTitle: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    const inUse = await mailServerInUse(tx, websiteId);
    if (inUse === 'none') {
      throw new NoMailServerError(smtp.noMailServer);
    }
    return enqueueEmail(tx, websiteId, {
      to,
      subject: `Test email from ${siteTitle.replace(/[\r\n]+/g, ' ')}`,
      text: `This is a test email from ${siteTitle}, sent through ${inUse === 'site' ? "the site's own mail server" : "the server's default mail server"}.\n\nIf you can read it, the site's email works.`,
    });
  });
}
