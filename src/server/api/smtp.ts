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
import { siteSettings } from '../services/stored-json';

/** A host name (letters, digits, hyphens, dots) or an IP address, as nodemailer connects to it. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
const oneLine = /^[^\r\n]*$/;

const smtpBody = z
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
        const jobId = await queueTestEmail(db, site.id, siteSettings(site).title, account.email);
        return { ok: true, to: account.email, jobId };
      } catch (err) {
        if (err instanceof NoMailServerError) return reply.code(409).send({ error: err.message });
        throw err;
      }
    },
  });
}
