/**
 * Form block data (seed 000 §3, §5; seed 001 §3): the fields with their editable properties, and
 * the settings of the form editor's tabs — build (fields, submit button), storage (where each
 * submission goes besides the database), advanced (what the visitor sees after submitting),
 * captcha and disclaimer. The `formId` names the form in submissions; it stays the same when the
 * form moves between pages.
 */
import { z } from 'zod';
import { siteLink } from '../../document/link';
import { hexId } from '../../document/primitives';
import { TEXT_FIELD_ASKS } from '../../domain/forms';
import { plainHtml, type HtmlRules, type SanitizedHtml } from '../html';

const fieldId = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be lowercase letters, digits and hyphens, starting with a letter');
const label = z.string().trim().min(1).max(200);
const text = (max: number) => z.string().max(max);
const options = z.array(z.string().trim().min(1).max(200)).min(1).max(100);

const common = { id: fieldId, label, description: text(500).optional() };
const valueField = { ...common, required: z.boolean().default(false) };

export const formFieldSchema = z.discriminatedUnion('type', [
  // The single-value default: a one-line text field; beyond the seed, what it asks for (a person's
  // name or a phone number in one field) for the browser's keyboard and autofill, and a phone's check.
  z.object({ ...valueField, type: z.literal('text'), placeholder: text(200).optional(), asks: z.enum(TEXT_FIELD_ASKS).optional() }).strict(),
  // maxLength applies only while the site's form_textarea_max_length labs flag is on (seed 000 §5).
  z
    .object({ ...valueField, type: z.literal('textarea'), placeholder: text(200).optional(), maxLength: z.number().int().min(1).max(10_000).optional() })
    .strict(),
  z.object({ ...valueField, type: z.literal('email'), placeholder: text(200).optional() }).strict(),
  z.object({ ...valueField, type: z.literal('number'), placeholder: text(200).optional() }).strict(),
  z.object({ ...valueField, type: z.literal('currency'), currencySymbol: text(4).default('$') }).strict(),
  // Parts: optional +country, then area code, prefix and line (seed 000 §9).
  z.object({ ...valueField, type: z.literal('phone'), showCountryCode: z.boolean().default(false) }).strict(),
  // Parts: first and last name.
  z.object({ ...valueField, type: z.literal('name') }).strict(),
  // Parts: line 1, line 2, city, state or province, zip or postal code, country.
  z.object({ ...valueField, type: z.literal('address') }).strict(),
  // Parts: month, day, year.
  z.object({ ...valueField, type: z.literal('date') }).strict(),
  // Parts: hour, minute, second, AM or PM.
  z.object({ ...valueField, type: z.literal('time') }).strict(),
  z.object({ ...valueField, type: z.literal('radio'), options }).strict(),
  z.object({ ...valueField, type: z.literal('checkbox'), options }).strict(),
  z.object({ ...valueField, type: z.literal('select'), options }).strict(),
  // options are the statements; each is answered on the likert scale (-2 … 2).
  z.object({ ...valueField, type: z.literal('likert'), options }).strict(),
  // key names the query parameter that fills it; value is used when the address has none.
  z
    .object({
      ...common,
      type: z.literal('hidden'),
      key: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a query parameter name'),
      value: text(500).default(''),
    })
    .strict(),
  // A heading between groups of fields: no value, always valid.
  z.object({ ...common, type: z.literal('section'), underline: z.boolean().default(false) }).strict(),
]);
export type FormField = z.infer<typeof formFieldSchema>;

const emailAddress = z.string().trim().email().max(256);

export const formSettingsSchema = <H extends string>(html: HtmlRules<H>) =>
  z
    .object({
      /** build */
      submitButtonText: z.string().trim().min(1).max(100).default('Submit'),
      /** Seed 000 §5: client-side validation runs unless disabled (the server always validates). */
      disableValidation: z.boolean().default(false),
      /** storage: each submission is also emailed to these addresses. */
      notifyEmails: z.array(emailAddress).max(10).default([]),
      /** storage: an automatic reply to the address in this email field. */
      autoReply: z
        .object({ fieldId, subject: z.string().trim().min(1).max(200), text: z.string().min(1).max(5000) })
        .strict()
        .optional(),
      /** storage: each submission is POSTed as JSON to this https (or http) address. */
      webhookUrl: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .optional(),
      /** advanced: after submitting, go to this address … */
      redirectUrl: siteLink(2000).optional(),
      /** … or hide the fields and show this text and post-submit content (owner HTML). */
      submissionHtml: html.field(20_000, 'text').prefault('<p>Thank you!</p>'),
      postSubmitHtml: html.field(50_000, 'text').optional(),
      /** captcha: the site's captcha must be solved (seed 001 §5: rendered only when the site has a key). */
      captcha: z.boolean().default(false),
      /** disclaimer: shown above the submit button (owner HTML), accepted by submitting. */
      disclaimerHtml: html.field(20_000, 'text').optional(),
    })
    .strict();
export type FormSettings = z.output<ReturnType<typeof formSettingsSchema<string>>>;

export const formSchema = <H extends string>(html: HtmlRules<H>) =>
  z
    .object({
      formId: hexId,
      title: z.string().trim().max(200).optional(),
      fields: z.array(formFieldSchema).min(1).max(100),
      settings: formSettingsSchema(html).prefault({}),
    })
    .strict()
    .superRefine((form, ctx) => {
      const seen = new Set<string>();
      form.fields.forEach((field, i) => {
        if (seen.has(field.id)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'id'], message: `another field already has the id "${field.id}"` });
        seen.add(field.id);
      });
      const reply = form.settings.autoReply;
      if (reply && !form.fields.some((f) => f.id === reply.fieldId && f.type === 'email')) {
        ctx.addIssue({ code: 'custom', path: ['settings', 'autoReply', 'fieldId'], message: 'must name an email field of this form' });
      }
    });
export const formData = formSchema(plainHtml);
/** A form as read with the plain rules: what the server's form handling uses (its HTML as stored). */
export type FormData = z.output<typeof formData>;
/** A form as stored and rendered, its HTML sanitised. */
export type StoredFormData = z.output<ReturnType<typeof formSchema<SanitizedHtml>>>;
