/**
 * The Forms area's calls (/api/config/forms…, /api/config/newsletter/…): the site's forms and
 * newsletter lists, a form and its editing, a form's submissions and a list's subscribers, a page
 * at a time, and erasing one person's data. A form's own fields and settings are the form block's
 * data schema (src/blocks/form/schema.ts).
 */
import { z } from 'zod';
import { formData } from '../blocks/form/schema';

/** Where a block sits: a page, or a collection item (a blog post …). */
export const placement = z.object({ kind: z.enum(['page', 'item']), id: z.string(), title: z.string(), path: z.string().nullable() });
export type Placement = z.infer<typeof placement>;

export const formSummary = z.object({
  formId: z.string(),
  /** The form's own title, or where it is ("Form on Contact"), or "Removed form" for submissions of a form no page holds any more. */
  name: z.string(),
  title: z.string().nullable(),
  fieldCount: z.number(),
  /** The first page holding the form (null when none does), then any others. */
  page: placement.nullable(),
  otherPages: z.array(placement),
  submissions: z.number(),
  lastSubmittedAt: z.string().nullable(),
});
export type FormSummary = z.infer<typeof formSummary>;

export const subscriberCounts = z.object({ pending: z.number(), confirmed: z.number(), unsubscribed: z.number(), total: z.number() });
export type SubscriberCounts = z.infer<typeof subscriberCounts>;

export const newsletterSummary = z.object({
  listId: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  page: placement.nullable(),
  otherPages: z.array(placement),
  subscribers: subscriberCounts,
});
export type NewsletterSummary = z.infer<typeof newsletterSummary>;

/** GET /api/config/forms. */
export const formsAnswer = z.object({ forms: z.array(formSummary), newsletters: z.array(newsletterSummary) });

export const submissionSummary = z.object({
  id: z.number(),
  createdAt: z.string(),
  page: z.object({ title: z.string(), path: z.string() }),
  /** The first few filled-in fields, for the list. */
  preview: z.array(z.object({ label: z.string(), text: z.string() })),
});
export type SubmissionSummary = z.infer<typeof submissionSummary>;
/** GET /api/config/forms/:formId/submissions: newest first, `next` the cursor of the page after. */
export const submissionsAnswer = z.object({ submissions: z.array(submissionSummary), next: z.number().nullable() });

export const submissionDetail = z.object({
  id: z.number(),
  formId: z.string(),
  createdAt: z.string(),
  page: z.object({ title: z.string(), path: z.string() }),
  /** Every field of the form as it was when submitted, by label, with its value as text ('' when left empty). */
  fields: z.array(z.object({ id: z.string(), label: z.string(), type: z.string(), text: z.string() })),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

export const subscriber = z.object({
  email: z.string(),
  name: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriber>;
/** GET /api/config/newsletter/:listId/subscribers: by address, `next` the address to go on after. */
export const subscribersAnswer = z.object({ subscribers: z.array(subscriber), next: z.string().nullable() });

/** What a save or "Make a new secret" answers of the webhook's signing secret: the secret itself only when it was just made. */
export const webhookSecretAnswer = z.object({ webhookSecret: z.string().optional(), webhookSecretMadeAt: z.string().nullable() });
export type WebhookSecretAnswer = z.infer<typeof webhookSecretAnswer>;

/** GET /api/config/forms/:formId: the form's summary, its fields and settings (null for a removed form) and when its signing secret was made. */
export const formDetailAnswer = formSummary.extend({ form: formData.nullable(), webhookSecretMadeAt: z.string().nullable() });
export type FormDetail = z.infer<typeof formDetailAnswer>;
/** PUT /api/config/forms/:formId: the form as saved, and its signing secret when the save made one. */
export const formSavedAnswer = webhookSecretAnswer.extend({ ok: z.literal(true), form: formData });

/** POST /api/config/forms/erase: how many submissions and subscriptions of that address were erased. */
export const erasedAnswer = z.object({ ok: z.literal(true), submissions: z.number(), subscribers: z.number() });
