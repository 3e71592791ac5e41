/**
 * The site's outgoing mail server, in the 'mail' area (ADMIN only: whoever chooses the server
 * reads every email the site sends, invitation links included; docs/permissions.md):
 * GET, PUT and DELETE /api/config/smtp, and POST /api/config/smtp/test, which queues a test email
 * to the signed-in account. The password is write-only.
 */
import type { FastifyInstance } from 'fastify';
import { smtpBody } from '../../contracts/smtp';
import type { Db } from '../../db/client';
import { configRoute } from '../modules/accounts';
import { mailStatus, NoMailServerError, queueTestEmail, removeSmtpSettings, saveSmtpSettings } from './smtp-settings';
import { siteSettings } from '../modules/sites';

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
