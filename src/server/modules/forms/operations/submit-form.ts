/**
 * A visitor submits a form (seed 000 §7 SaveFormSubmission). The server trusts nothing the browser
 * checked; it refuses (FormRefusal), in this order: a payload it cannot read, past the limit per
 * visitor and form, a key that is missing, used, expired or issued to another crumb or site, a
 * form id not on a published page, then field values that are no JSON object, an unsolved captcha
 * the form asks for, and fields breaking their rules. A filled honeypot spends the key and keeps
 * nothing, answered as a success. A submission is stored with its notifications in the transaction
 * that spends the key (the group-commit writer), and answered once that has committed.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { FEATURE_FLAGS } from '../../../../domain/feature-flags';
import { checkForm } from '../../../../domain/forms';
import { labsFlags } from '../../../../domain/labs';
import { formApi } from '../../../../messages/form-api';
import { forms } from '../../../../messages/forms';
import type { Db } from '../../../../db/client';
import { verifyCaptcha, type WebsiteRow } from '../../sites';
import { countAttempt, hashedIp, type RateLimitStore } from '../../../rate-limits/rate-limit';
import { checkText } from '../../../text-guard';
import { FORM_RATE_LIMITS, prepareSubmission, type SubmissionEntry, type SubmissionKeys, type SubmissionPage, type SubmissionWriter } from '../forms';
import type { PublishedForms } from '../published-forms';
import { FormRefusal } from './form-refusal';

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
 * server's one text rule (../../../text-guard.ts): fields holding a NUL are named, lone surrogates
 * become U+FFFD. A value nested deeper than any field goes fails its field's rule.
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

export type SubmitFormDeps = { db: Db; keys: SubmissionKeys; writer: SubmissionWriter; publishedForms: PublishedForms; rateLimits: RateLimitStore };

export type SubmitFormInput = {
  site: Pick<WebsiteRow, 'id' | 'labs'>;
  /** The payload as sent (form-encoded fields or JSON). */
  body: unknown;
  ip: string;
  /** The visitor's crumb, already checked (the crumb plugin): keys are bound to it. */
  crumb: string;
};

/** Answers once the submission (or, for a robot, the spent key) is committed. Throws FormRefusal. */
export async function submitForm(deps: SubmitFormDeps, input: SubmitFormInput): Promise<void> {
  const { site } = input;
  const parsed = submissionBody.safeParse(input.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new FormRefusal('unreadable', `${formApi.unreadable}: ${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}.`);
  }
  const body = parsed.data;
  const formId = body.formId ?? '';

  // The form id is the visitor's text: hashed into the counter's key, which keeps the key short and plain.
  const formKey = createHash('sha256').update(formId).digest('base64url').slice(0, 22);
  const attempt = await countAttempt(deps.rateLimits, [{ key: `form-submit:${site.id}:${hashedIp(input.ip)}:${formKey}`, ...FORM_RATE_LIMITS.submissions }]);
  if (!attempt.allowed) throw new FormRefusal('rateLimited', forms.rateLimited, undefined, attempt.retryAfterMs);
  const spend = body.key ? deps.keys.check(site.id, body.key, input.crumb) : undefined;
  if (!spend) throw new FormRefusal('keyInvalid', formApi.keyInvalid);
  // Done once the transaction that spends the key (and stores the submission) has committed; refused when a racing call spent it first.
  const store = async (entry: SubmissionEntry) => {
    if (!(await deps.writer.submit(entry)).spent) throw new FormRefusal('keyInvalid', formApi.keyInvalid);
  };
  const form = formId ? await deps.publishedForms.get(site.id, formId) : undefined;
  if (!form) throw new FormRefusal('notConfigured', forms.notConfigured);

  // A filled honeypot: a robot. It is answered as a success would be, and nothing is kept or sent.
  if (body.honeypot) return store({ spend });

  const unpacked = formValues(body.form);
  if (!unpacked) throw new FormRefusal('unparseableFields', forms.unparseableFields);
  if (unpacked.nul.length > 0)
    throw new FormRefusal('invalidFields', forms.invalidFields, Object.fromEntries(unpacked.nul.map((id) => [id, formApi.nulField])));

  // A site without a captcha renders none (seed 001 §5), and verifyCaptcha then has nothing to check.
  if (form.settings.captcha && !(await verifyCaptcha(deps.db, site.id, body.captchaKey || undefined, { remoteIp: input.ip })).ok) {
    throw new FormRefusal('captchaIncomplete', forms.captchaIncomplete);
  }

  const maxLengthOn = labsFlags(site.labs).includes(FEATURE_FLAGS.FORM_TEXTAREA_MAX_LENGTH);
  const checked = checkForm(form.fields, unpacked.values, maxLengthOn);
  if (Object.keys(checked.errors).length > 0) throw new FormRefusal('invalidFields', forms.invalidFields, checked.errors);

  const page: SubmissionPage = {
    pageTitle: body.pageTitle ?? undefined,
    pageId: body.pageId ?? undefined,
    contentSource: body.contentSource ?? undefined,
    pagePath: body.pagePath ?? undefined,
    collectionId: body.collectionId ?? undefined,
  };
  return store({ spend, submission: prepareSubmission({ websiteId: site.id, form, values: checked.values, page }) });
}
