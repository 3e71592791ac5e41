/**
 * The form calls of seed 000 §7. `POST /api/form/FormSubmissionKey` (empty body) answers `{ key }`:
 * single use, bound to the visitor's crumb, valid for SUBMISSION_KEY_TTL_MS. `POST
 * /api/form/SaveFormSubmission` takes the seed's payload, form-encoded as the data-request client
 * sends it (`form` a JSON string) or as JSON (`form` may then be an object), plus our `honeypot`.
 * The server trusts nothing the browser checked; it answers, in this order:
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
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerFormBodyParser } from '../../../http/form-body';
import { COOKIE_NAMES } from '../../../../domain/cookies';
import { FEATURE_FLAGS } from '../../../../domain/feature-flags';
import { checkForm } from '../../../../domain/forms';
import { labsFlags } from '../../../../domain/labs';
import { formApi } from '../../../../messages/form-api';
import { forms } from '../../../../messages/forms';
import { http } from '../../../../messages/http';
import { API_PATHS } from '../../../../domain/routes';
import type { FormData } from '../../../../blocks/form/schema';
import type { Db } from '../../../../db/client';
import { verifyCaptcha } from '../../sites';
import {
  createSubmissionWriter,
  findPublishedForm,
  FORM_RATE_LIMITS,
  prepareSubmission,
  submissionKeys,
  type SubmissionEntry,
  type SubmissionPage,
  type SubmissionWriter,
} from '../forms';
import { serverSecret } from '../../../secrets/server-secrets';
import { hashedIp, RateLimitsUnavailableError, refusedByLimits, type Limit } from '../../../rate-limits/rate-limit';
import { checkText } from '../../../text-guard';
import type { TextRefusal } from '../../../plugins/request-guards';

/** Published forms held in memory per app server, at most. */
const MAX_CACHED_FORMS = 1000;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => text(max).nullish();
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).nullish();

const submissionBody = z.object({
  key: optionalText(200),
  formId: optionalText(200),
  collectionId: optionalText(100),
  objectName: optionalText(200),
  isOverlayForm: flag,
  submitButtonText: optionalText(200),
  form: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  captchaKey: optionalText(20_000),
  pageTitle: optionalText(500),
  pageId: optionalText(100),
  contentSource: z.enum(['i', 'c', '']).nullish(),
  pagePath: text(2000)
    .regex(/^(\/[^\s]*)?$/, 'must be a path starting with /')
    .nullish(),
  honeypot: optionalText(1000),
});

/**
 * The visitor's field values: `form` as a JSON object (from a string, or given as one), under the
 * server's one text rule (../text-guard.ts): fields holding a NUL are named, lone surrogates become
 * U+FFFD. A value nested deeper than any field goes fails its field's rule.
 */
function formValues(form: string | Record<string, unknown> | null | undefined): { values: Record<string, unknown>; nul: string[] } | undefined {
  let value: unknown = form;
  if (typeof form === 'string') {
    try {
      value = JSON.parse(form);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const checked = checkText(value);
  if (checked.tooDeep) return undefined;
  // A field's id is the first part of the path; a NUL in the ids themselves is named as found.
  const nul = [...new Set(checked.nul.map((path) => path.split('.')[0]!))];
  return { values: checked.value as Record<string, unknown>, nul };
}

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

export async function registerFormRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const keys = submissionKeys(await serverSecret(db, 'form_key_secret'));
  const writer = createSubmissionWriter(db, { metrics: app.metrics });
  app.decorate('formWriter', writer);
  app.addHook('onClose', () => writer.close());
  await app.register(async (scope) => {
    registerFormBodyParser(scope);

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

    /**
     * Published forms by site and form id, as last read: dropped whenever any site changes (the
     * `site_changed` notification every app server hears), so a submission reads no page rows.
     */
    const publishedForms = new Map<string, FormData>();
    let formsGeneration = scope.siteGeneration();
    const publishedForm = async (siteId: string, formId: string): Promise<FormData | undefined> => {
      const generation = scope.siteGeneration();
      if (generation !== formsGeneration) {
        publishedForms.clear();
        formsGeneration = generation;
      }
      const cacheKey = `${siteId}\u0000${formId}`;
      const known = publishedForms.get(cacheKey);
      if (known) return known;
      const form = await findPublishedForm(db, siteId, formId);
      // A form read before a change is not kept after it; only forms found are kept, so unknown ids cannot fill the map.
      if (form && scope.siteGeneration() === generation) {
        if (publishedForms.size >= MAX_CACHED_FORMS) publishedForms.clear();
        publishedForms.set(cacheKey, form);
      }
      return form;
    };

    const overLimit = (reply: FastifyReply, limit: Limit) => refusedByLimits(scope.rateLimits, reply, [limit], { error: forms.rateLimited });

    // The crumb plugin has checked that the cookie is valid and was sent back; keys are bound to it.
    const crumbOf = (req: FastifyRequest) => req.cookies[COOKIE_NAMES.CRUMB] ?? '';

    scope.post(API_PATHS.FORM_SUBMISSION_KEY, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      if (await overLimit(reply, { key: `form-key:${site.id}:${hashedIp(req.ip)}`, ...FORM_RATE_LIMITS.keys })) return reply;
      return reply.header('cache-control', 'no-store').send({ key: keys.issue(site.id, crumbOf(req)) });
    });

    scope.post(API_PATHS.SAVE_FORM_SUBMISSION, { config: { textRefusal: submissionTextRefusal } }, async (req, reply) => {
      const site = await siteOr404(req, reply);
      if (!site) return reply;
      const parsed = submissionBody.safeParse(req.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return reply.code(400).send({ error: `${formApi.unreadable}: ${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}.` });
      }
      const body = parsed.data;
      const formId = body.formId ?? '';
      const crumb = crumbOf(req);
      reply.header('cache-control', 'no-store');

      // The form id is the visitor's text: hashed into the counter's key, which keeps the key short and plain.
      const formKey = createHash('sha256').update(formId).digest('base64url').slice(0, 22);
      if (await overLimit(reply, { key: `form-submit:${site.id}:${hashedIp(req.ip)}:${formKey}`, ...FORM_RATE_LIMITS.submissions })) return reply;
      const spend = body.key ? keys.check(site.id, body.key, crumb) : undefined;
      if (!spend) return reply.code(401).send({ error: formApi.keyInvalid });
      // Answered once the transaction that spends the key (and stores the submission) has committed; 401 when a racing call spent it first.
      const store = async (entry: SubmissionEntry) => {
        if (!(await writer.submit(entry)).spent) return reply.code(401).send({ error: formApi.keyInvalid });
        return reply.send({});
      };
      const form = formId ? await publishedForm(site.id, formId) : undefined;
      if (!form) return reply.code(404).send({ error: forms.notConfigured });

      // A filled honeypot: a robot. It is answered as a success would be, and nothing is kept or sent.
      if (body.honeypot) return store({ spend });

      const unpacked = formValues(body.form);
      if (!unpacked) return reply.code(400).send({ error: forms.unparseableFields });
      if (unpacked.nul.length > 0)
        return reply.code(400).send({ error: forms.invalidFields, errors: Object.fromEntries(unpacked.nul.map((id) => [id, formApi.nulField])) });
      const values = unpacked.values;

      // A site without a captcha renders none (seed 001 §5), and verifyCaptcha then has nothing to check.
      if (form.settings.captcha && !(await verifyCaptcha(db, site.id, body.captchaKey || undefined, { remoteIp: req.ip })).ok) {
        return reply.code(400).send({ error: forms.captchaIncomplete });
      }

      const maxLengthOn = labsFlags(site.labs).includes(FEATURE_FLAGS.FORM_TEXTAREA_MAX_LENGTH);
      const checked = checkForm(form.fields, values, maxLengthOn);
      if (Object.keys(checked.errors).length > 0) return reply.code(400).send({ error: forms.invalidFields, errors: checked.errors });

      const page: SubmissionPage = {
        pageTitle: body.pageTitle ?? undefined,
        pageId: body.pageId ?? undefined,
        contentSource: body.contentSource ?? undefined,
        pagePath: body.pagePath ?? undefined,
        collectionId: body.collectionId ?? undefined,
      };
      return store({ spend, submission: prepareSubmission({ websiteId: site.id, form, values: checked.values, page }) });
    });
  });
}
