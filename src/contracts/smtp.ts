/**
 * The site's outgoing mail server (GET, PUT and DELETE /api/config/smtp, POST /api/config/smtp/test):
 * the body the server checks and the answers the config area reads.
 */
import { z } from 'zod';

/** A host name (letters, digits, hyphens, dots) or an IP address, as nodemailer connects to it. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
const oneLine = /^[^\r\n]*$/;

/** PUT /api/config/smtp: the site's own mail server (the password write-only: the mask sent back keeps the saved one). */
export const smtpBody = z
  .object({
    host: z
      .string()
      .trim()
      .min(1, 'Enter the mail server, such as smtp.example.com.')
      .max(253, 'A host name is at most 253 characters long.')
      .regex(HOST, 'Enter a host name such as smtp.example.com, or an IP address.'),
    port: z.number('Enter a port number from 1 to 65535.').int('Enter a port number from 1 to 65535.').min(1, 'Enter a port number from 1 to 65535.').max(65535, 'Enter a port number from 1 to 65535.'),
    secure: z.boolean('Say whether the connection uses TLS from the start (true or false).'),
    username: z.string().trim().max(256, 'A user name is at most 256 characters long.').regex(oneLine, 'A user name is one line.').nullable().optional(),
    password: z.string().max(1000, 'A password is at most 1000 characters long.').regex(oneLine, 'A password is one line.').optional(),
    fromAddress: z.string().trim().pipe(z.email('Enter the From address, such as hello@example.com.').max(256, 'An email address is at most 256 characters long.')),
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
