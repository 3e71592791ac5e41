/**
 * The owner's calls for forms and newsletters (issue 4, item 8), all through `configRoute` in the
 * `forms` area. Roles that read forms see the forms and lists, their fields, settings and counts;
 * what visitors sent (submissions, subscribers, their CSV files) is personal data, read only by
 * roles that may write forms, as is every deletion, the erasure of a person's data, and editing a
 * form (docs/permissions.md). A form's webhook signing secret is answered only to those roles, and
 * only once: by the save that gives the form its first webhook address, and by
 * POST /api/config/forms/:formId/webhook-secret, which makes a new one; otherwise only when it was
 * made is answered.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { formSchema } from '../../../../blocks/form/schema';
import { storedSchema } from '../../../../blocks/sanitize';
import { hexId } from '../../../../document/schema';
import { isValidEmail } from '../../../../domain/forms';
import type { Db } from '../../../../db/client';
import { configRoute, zodMessage } from '../../accounts';
import { csvFileName, sendCsv } from '../../../http/csv';
import { submissionsCsv, subscribersCsv } from '../config/csv-exports';
import { updateForm } from '../config/editing';
import { eraseByEmail } from '../config/erasure';
import { formDetail, listExists, listFormsAndLists } from '../config/placements';
import { deleteSubmission, getSubmission, listSubmissions } from '../config/submissions';
import { deleteSubscriber, listSubscribers, SUBSCRIBER_STATUSES } from '../config/subscribers';
import { renewWebhookSecret, webhookSecretMadeAt } from '../webhook-secrets';
import { authentication } from '../../../../messages/authentication';
import { formsConfig } from '../../../../messages/forms-config';

/** The form block's writing schema: fields and settings checked, links checked, owner HTML sanitised. */
const storedForm = storedSchema(formSchema);
const NO_FORM = formsConfig.noForm;
const NO_LIST = formsConfig.noList;
const NO_SUBMISSION = formsConfig.noSubmission;
const NO_FORM_PAGE = formsConfig.noFormPage;

const formParams = z.object({ formId: hexId });
const submissionParams = z.object({ formId: hexId, id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const listParams = z.object({ listId: hexId });
const subscriberParams = z.object({ listId: hexId, email: z.string().min(1).max(256) });

const submissionsQuery = z.object({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
const subscribersQuery = z.object({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  after: z.string().max(256).optional(),
});

/** PUT /api/config/forms/:formId: the form's new fields and settings (and title, when sent), checked whole by the form block's schema. */
const formChange = z
  .object({
    title: z.unknown().optional(),
    fields: z.array(z.unknown()),
    settings: z.record(z.string(), z.unknown()),
  })
  .strict();

/** The route's params, or a 404 with `message` sent (a malformed id names nothing on the site). */
function paramsOf<T>(schema: z.ZodType<T>, params: unknown, reply: FastifyReply, message: string): T | undefined {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  void reply.code(404).send({ error: message });
  return undefined;
}

const today = () => new Date().toISOString().slice(0, 10);

export async function registerFormsConfigApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/forms',
    area: 'forms',
    access: 'read',
    handler: async ({ site }) => listFormsAndLists(db, site.id),
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/forms/:formId',
    area: 'forms',
    access: 'read',
    handler: async ({ req, reply, site }) => {
      const params = paramsOf(formParams, req.params, reply, NO_FORM);
      if (!params) return reply;
      const detail = await formDetail(db, site.id, params.formId);
      if (!detail) return reply.code(404).send({ error: NO_FORM });
      return { ...detail, webhookSecretMadeAt: await webhookSecretMadeAt(db, site.id, params.formId) };
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/forms/:formId',
    area: 'forms',
    access: 'write',
    body: formChange,
    handler: async ({ req, reply, site, account, body }) => {
      const params = paramsOf(formParams, req.params, reply, NO_FORM);
      if (!params) return reply;
      const current = await formDetail(db, site.id, params.formId);
      if (!current?.form) return reply.code(404).send({ error: NO_FORM_PAGE });
      const title = 'title' in body ? body.title : current.form.title;
      const parsed = storedForm.safeParse({
        formId: params.formId,
        ...(title === undefined || title === '' ? {} : { title }),
        fields: body.fields,
        settings: body.settings,
      });
      if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
      const { updated, webhookSecret } = await updateForm(db, site.id, parsed.data, account.id);
      if (!updated) return reply.code(404).send({ error: NO_FORM_PAGE });
      return {
        ok: true,
        form: parsed.data,
        ...(webhookSecret ? { webhookSecret } : {}),
        webhookSecretMadeAt: await webhookSecretMadeAt(db, site.id, params.formId),
      };
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/forms/:formId/webhook-secret',
    area: 'forms',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const params = paramsOf(formParams, req.params, reply, NO_FORM);
      if (!params) return reply;
      const current = await formDetail(db, site.id, params.formId);
      if (!current?.form) return reply.code(404).send({ error: NO_FORM_PAGE });
      const made = await renewWebhookSecret(db, site.id, params.formId, account.id);
      return { ok: true, webhookSecret: made.secret, webhookSecretMadeAt: made.createdAt };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/forms/:formId/submissions',
    area: 'forms',
    access: 'write',
    query: submissionsQuery,
    handler: async ({ req, reply, site, query }) => {
      const params = paramsOf(formParams, req.params, reply, NO_FORM);
      if (!params) return reply;
      if (!(await formDetail(db, site.id, params.formId))) return reply.code(404).send({ error: NO_FORM });
      return listSubmissions(db, site.id, params.formId, query);
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/forms/:formId/submissions.csv',
    area: 'forms',
    access: 'write',
    handler: async ({ req, reply, site }) => {
      const params = paramsOf(formParams, req.params, reply, NO_FORM);
      if (!params) return reply;
      const form = await formDetail(db, site.id, params.formId);
      if (!form) return reply.code(404).send({ error: NO_FORM });
      return sendCsv(reply, csvFileName(form.name, 'submissions', today()), submissionsCsv(db, site.id, params.formId));
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/forms/:formId/submissions/:id',
    area: 'forms',
    access: 'write',
    handler: async ({ req, reply, site }) => {
      const params = paramsOf(submissionParams, req.params, reply, NO_SUBMISSION);
      if (!params) return reply;
      return (await getSubmission(db, site.id, params.formId, params.id)) ?? reply.code(404).send({ error: NO_SUBMISSION });
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/config/forms/:formId/submissions/:id',
    area: 'forms',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const params = paramsOf(submissionParams, req.params, reply, NO_SUBMISSION);
      if (!params) return reply;
      if (!(await deleteSubmission(db, site.id, params.formId, params.id, account.id))) return reply.code(404).send({ error: NO_SUBMISSION });
      return { ok: true };
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/forms/erase',
    area: 'forms',
    access: 'write',
    body: z
      .object({
        email: z.string().trim().toLowerCase().refine(isValidEmail, authentication.enterEmail),
      })
      .strict(),
    handler: async ({ site, account, body }) => ({ ok: true, ...(await eraseByEmail(db, site.id, body.email, account.id)) }),
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/newsletter/:listId/subscribers',
    area: 'forms',
    access: 'write',
    query: subscribersQuery,
    handler: async ({ req, reply, site, query }) => {
      const params = paramsOf(listParams, req.params, reply, NO_LIST);
      if (!params) return reply;
      if (!(await listExists(db, site.id, params.listId))) return reply.code(404).send({ error: NO_LIST });
      return listSubscribers(db, site.id, params.listId, query);
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/newsletter/:listId/subscribers.csv',
    area: 'forms',
    access: 'write',
    handler: async ({ req, reply, site }) => {
      const params = paramsOf(listParams, req.params, reply, NO_LIST);
      if (!params) return reply;
      if (!(await listExists(db, site.id, params.listId))) return reply.code(404).send({ error: NO_LIST });
      const { newsletters } = await listFormsAndLists(db, site.id);
      const name = newsletters.find((n) => n.listId === params.listId)?.name ?? 'newsletter';
      return sendCsv(reply, csvFileName(name, 'subscribers', today()), subscribersCsv(db, site.id, params.listId));
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/config/newsletter/:listId/subscribers/:email',
    area: 'forms',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const params = paramsOf(subscriberParams, req.params, reply, formsConfig.noSubscriber);
      if (!params) return reply;
      if (!(await deleteSubscriber(db, site.id, params.listId, params.email, account.id))) {
        return reply.code(404).send({ error: formsConfig.noSubscriber });
      }
      return { ok: true };
    },
  });
}
