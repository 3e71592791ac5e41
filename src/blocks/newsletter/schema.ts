/**
 * Newsletter block data (seed 000 §1, seed 001 §9): an email sign-up that adds subscribers to the
 * site's list named by `listId`, with double opt-in by email (the subscriber confirms from a
 * link before any newsletter goes out). Under 320 px wide the block uses its small layout.
 */
import { z } from 'zod';
import { hexId } from '../../document/primitives';
import { plainHtml, type HtmlRules, type SanitizedHtml } from '../html';
import { newsletter } from '../../messages/newsletter';

export const newsletterSchema = <H extends string>(html: HtmlRules<H>) =>
  z
    .object({
      listId: hexId,
      title: z.string().trim().max(200).default('Subscribe'),
      description: z.string().trim().max(1000).optional(),
      /** Ask for a name besides the email address. */
      askName: z.boolean().default(false),
      buttonText: z.string().trim().min(1).max(100).default('Sign Up'),
      /** Shown after signing up (plain text): the confirmation email is on its way. */
      successText: z.string().trim().min(1).max(500).default(newsletter.signedUp),
      /** The site's captcha must be solved, as on forms. */
      captcha: z.boolean().default(false),
      /** Shown under the button (owner HTML), e.g. what subscribers will receive. */
      disclaimerHtml: html.field(20_000, 'text').optional(),
    })
    .strict();
export const newsletterData = newsletterSchema(plainHtml);
export type NewsletterData = z.output<typeof newsletterData>;
export type StoredNewsletterData = z.output<ReturnType<typeof newsletterSchema<SanitizedHtml>>>;
