/**
 * The site's outgoing mail server, in the 'mail' area (ADMIN only: whoever chooses the server
 * reads every email the site sends, invitation links included; docs/permissions.md):
 * GET, PUT and DELETE /api/config/smtp, and POST /api/config/smtp/test, which queues a test email
 * to the signed-in account. The password is write-only.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { configRoute } from '../config-routes';
import { mailStatus, NoMailServerError, queueTestEmail, removeSmtpSettings, saveSmtpSettings } from '../mail/smtp-settings';
import { smtp } from '../../messages/smtp';

/** A host name (letters, digits, hyphens, dots) or an IP address, as nodemailer connects to it. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
const oneLine = /^[^\r\n]*$/;

const smtpBody = z
  .object({
    host: z
      .string()
      .trim()
      .min(1, smtp.hostMissing)
      .max(253, smtp.hostTooLong)
      .regex(HOST, smtp.hostInvalid),
    port: z.number(smtp.portInvalid).int(smtp.portInvalid).min(1, smtp.portInvalid).max(65535, smtp.portInvalid),
    secure: z.boolean(smtp.secureMissing),
    username: z.string().trim().max(256, smtp.usernameTooLong).regex(oneLine, smtp.usernameOneLine).nullable().optional(),
    password: z.string().max(1000, smtp.passwordTooLong).regex(oneLine, smtp.passwordOneLine).optional(),
    fromAddress: z.string().trim().pipe(z.email(smtp.fromInvalid).max(256, smtp.fromTooLong)),
  })
  .strict();

export async function registerSmtpApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/smtp',
    area: 'mail',
    access: 'read',
    handler: async ({ site }) => mailStatus(db, site.id),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/smtp',
    area: 'mail',
    access: 'write',
    body: smtpBody,
    handler: async ({ site, account, body }) => {
      await saveSmtpSettings(db, site.id, { ...body, username: body.username ?? undefined }, account.id);
      return { ok: true, ...(await mailStatus(db, site.id)) };
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/config/smtp',
    area: 'mail',
    access: 'write',
    handler: async ({ site, account }) => {
      await removeSmtpSettings(db, site.id, account.id);
      return { ok: true, ...(await mailStatus(db, site.id)) };
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/smtp/test',
    area: 'mail',
    access: 'write',
    handler: async ({ reply, site, account }) => {
      try {
        const jobId = await queueTestEmail(db, site.id, (site.settings as { title: string }).title, account.email);
        return { ok: true, to: account.email, jobId };
      } catch (err) {
        if (err instanceof NoMailServerError) return reply.code(409).send({ error: err.message });
        throw err;
      }
    },
  });
}
