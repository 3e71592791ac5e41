/**
 * The site's outgoing mail server (GET, PUT and DELETE /api/config/smtp, POST /api/config/smtp/test):
 * the body the server checks and the answers the config area reads.
 */
import { z } from 'zod';
import { smtp } from '../messages/smtp';

/** A host name (letters, digits, hyphens, dots) or an IP address, as nodemailer connects to it. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
const oneLine = /^[^\r\n]*$/;

/** PUT /api/config/smtp: the site's own mail server (the password write-only: the mask sent back keeps the saved one). */
export const smtpBody = z
  .object({
    host: z.string().trim().min(1, smtp.hostMissing).max(253, smtp.hostTooLong).regex(HOST, smtp.hostInvalid),
    port: z.number(smtp.portInvalid).int(smtp.portInvalid).min(1, smtp.portInvalid).max(65535, smtp.portInvalid),
    secure: z.boolean(smtp.secureMissing),
    username: z.string().trim().max(256, smtp.usernameTooLong).regex(oneLine, smtp.usernameOneLine).nullable().optional(),
    password: z.string().max(1000, smtp.passwordTooLong).regex(oneLine, smtp.passwordOneLine).optional(),
    fromAddress: z.string().trim().pipe(z.email(smtp.fromInvalid).max(256, smtp.fromTooLong)),
  })
  .strict();

export const smtpView = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  username: z.string().nullable(),
  fromAddress: z.string(),
  passwordSet: z.boolean(),
  /** The fixed mask, when a password is saved. */
  password: z.string().optional(),
});
export type SmtpView = z.infer<typeof smtpView>;

/** Which mail server the site's email goes out through, and the site's own settings if any. */
export const mailStatusAnswer = z.object({
  smtp: smtpView.nullable(),
  inUse: z.enum(['site', 'server', 'none']),
  serverDefault: z.object({ fromAddress: z.string() }).nullable(),
});
export type MailStatus = z.infer<typeof mailStatusAnswer>;

export const smtpTestAnswer = z.object({ ok: z.literal(true), to: z.string() });
