/**
 * The form calls of seed 000 §7, as HTTP: `POST /api/form/FormSubmissionKey` (empty body) answers
 * `{ key }` (../operations/issue-form-key.ts); `POST /api/form/SaveFormSubmission` takes the seed's
 * payload, form-encoded as the data-request client sends it (`form` a JSON string) or as JSON
 * (`form` may then be an object), plus our `honeypot` (../operations/submit-form.ts). Refusals:
 *
 * - 400 { error } when the payload cannot be read;
 * - 429 { error: formRateLimited } past the limit per visitor and form;
 * - 401 { error } for a key that is missing, used, expired, or issued to another crumb or site;
 * - 404 { error: formNotConfigured } for a formId not on a published page, or whose data does not parse;
 * - 200 {} for a filled honeypot: nothing stored or sent, the key spent, as for a success;
 * - 400 { error: formUnparseableFields } when `form` is not a JSON object;
 * - 400 { error: formCaptchaIncomplete } when the form asks for the site's captcha and it is not solved;
 * - 400 { error: formInvalidFields, errors: { fieldId: message } } when a field breaks its rule;
 * - 200 {} once the submission and its notifications are committed;
 * - 500 { error: formSendFailed } when storing fails, and nothing of it is kept.
 *
 * Every answer is JSON with an `error` text, also the framework's own refusals (415 for a content
 * type other than form-encoded or JSON, 413 past the 1 MB body limit).
 *
 * Every call also passes the crumb check (plugins/crumb.ts) before it gets here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerFormBodyParser } from '../../../http/form-body';
import { COOKIE_NAMES } from '../../../../domain/cookies';
import { formApi } from '../../../../messages/form-api';
import { forms } from '../../../../messages/forms';
import { http } from '../../../../messages/http';
import { API_PATHS } from '../../../../domain/routes';
import type { Db } from '../../../../db/client';
import { createSubmissionWriter, submissionKeys, type SubmissionWriter } from '../forms';
import { createPublishedForms } from '../published-forms';
import { FormRefusal, type FormRefusalReason } from '../operations/form-refusal';
import { issueFormKey } from '../operations/issue-form-key';
import { submitForm } from '../operations/submit-form';
import { serverSecret } from '../../../secrets/server-secrets';
import { RateLimitsUnavailableError, sendTooMany } from '../../../rate-limits/rate-limit';
import type { TextRefusal } from '../../../plugins/request-guards';

const STATUS: Record<FormRefusalReason, number> = {
  unreadable: 400,
  rateLimited: 429,
  keyInvalid: 401,
  notConfigured: 404,
  unparseableFields: 400,
  captchaIncomplete: 400,
  invalidFields: 400,
};

/**
 * A NUL the request guard found in a submission, answered in the seed's shape for invalid fields:
 * a field's value (`form.{fieldId}…`) is named by its field id, anything else by its own name.
 */
const submissionTextRefusal: TextRefusal = (errors) => ({
  error: forms.invalidFields,
  errors: Object.fromEntries(
    Object.keys(errors).map((path) => (path.startsWith('form.') ? [path.split('.')[1]!, formApi.nulField] : [path, formApi.nulField])),
  ),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The form submissions' writer: `flush()` writes what waits, `close()` (on the app's close) also refuses further calls. */
    formWriter: SubmissionWriter;
  }
}

/** A refusal as the form shows it; anything else goes on to the error handler. */
function refused(reply: FastifyReply, err: unknown) {
  if (!(err instanceof FormRefusal)) throw err;
  const body = { error: err.message, ...(err.errors ? { errors: err.errors } : {}) };
  if (err.reason === 'rateLimited') return sendTooMany(reply, err.retryAfterMs ?? 0, body);
  return reply.code(STATUS[err.reason]).send(body);
}

export async function registerFormRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const keys = submissionKeys(await serverSecret(db, 'form_key_secret'));
  const writer = createSubmissionWriter(db, { metrics: app.metrics });
  app.decorate('formWriter', writer);
  app.addHook('onClose', () => writer.close());
  await app.register(async (scope) => {
    registerFormBodyParser(scope);
    const publishedForms = createPublishedForms(db, () => scope.siteGeneration());

    // Every refusal is JSON with an `error` text the form can show; unreachable rate-limit counters go to the app's handler (503).
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof RateLimitsUnavailableError) throw err;
      const status = err.statusCode ?? 500;
      if (status === 413) return reply.code(413).send({ error: formApi.tooLarge });
      if (status >= 400 && status < 500) return reply.code(status).send({ error: `${formApi.unreadable}: ${err.message}` });
      req.log.error({ err }, 'form call failed');
      return reply.code(500).send({ error: forms.sendFailed });
    });

    const siteOr404 = async (req: FastifyRequest, reply: FastifyReply) => {
      const site = await scope.siteForRequest(req);
      if (!site) void reply.code(404).send({ error: http.noSite });
      return site;
    };

    // The crumb plugin has checked that the cookie is valid and was sent back; keys are bound to it.
    const crumbOf = (req: FastifyRequest) => req.cookies[COOKIE_NAMES.CRUMB] ?? '';

    scope.post(API_PATHS.FORM_SUBMISSION_KEY, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      try {
        const issued = await issueFormKey({ keys, rateLimits: scope.rateLimits }, { websiteId: site.id, ip: req.ip, crumb: crumbOf(req) });
        return reply.header('cache-control', 'no-store').send(issued);
      } catch (err) {
        return refused(reply, err);
      }
    });

    scope.post(API_PATHS.SAVE_FORM_SUBMISSION, { config: { textRefusal: submissionTextRefusal } }, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      try {
        await submitForm({ db, keys, writer, publishedForms, rateLimits: scope.rateLimits }, { site, body: req.body, ip: req.ip, crumb: crumbOf(req) });
        return reply.header('cache-control', 'no-store').send({});
      } catch (err) {
        // Past reading the payload, no answer is kept by a cache.
        if (!(err instanceof FormRefusal) || err.reason !== 'unreadable') reply.header('cache-control', 'no-store');
        return refused(reply, err);
      }
    });
  });
}
