/**
 * The field rules the measurement calls share (./measurement.ts): JSON text fields, numbers and
 * flags as form-encoded bodies carry them, addresses and paths, the event context and the visitor
 * record, and JSON text fields under the server's one text rule.
 */
import { z } from 'zod';
import { parseVisitorRecord } from '../../../../domain/cookies';
import { checkText, NUL_MESSAGE, TOO_DEEP_MESSAGE } from '../../../text-guard';

/** How deep a call's JSON may nest: deeper is not measurement data. */
const MAX_DEPTH = 32;

/**
 * A body, or a field holding JSON text (as form-encoded bodies and text/plain beacons carry it), or
 * the value itself (JSON bodies): parsed when text, under the server's one text rule
 * (../text-guard.ts: NUL refused, lone surrogates replaced, MAX_DEPTH levels at most). One bad
 * string must never reach a batch: it would fail the batch's other calls.
 */
export function jsonText<T extends z.ZodType>(inner: T) {
  return z.preprocess((value, ctx) => {
    let parsed: unknown;
    try {
      parsed = typeof value === 'string' ? JSON.parse(value) : value;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not JSON text' });
      return z.NEVER;
    }
    const checked = checkText(parsed, MAX_DEPTH);
    if (checked.tooDeep) ctx.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE });
    for (const path of checked.nul) ctx.addIssue({ code: 'custom', message: `${path} ${NUL_MESSAGE}` });
    return checked.tooDeep || checked.nul.length > 0 ? z.NEVER : checked.value;
  }, inner);
}

/** A list of 1 to `max` items. */
export const listOf = <T extends z.ZodType>(item: T, max: number, noun: string) =>
  z.array(item).min(1, `must hold at least one ${noun}`).max(max, `must hold at most ${max} ${noun}s`);

export const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
export const optionalText = (max: number) => text(max).nullish();
/** A whole number, also as form-encoded text. */
export const whole = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,16}$/, 'must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int('must be a whole number').min(min).max(max));
/** true or false, also as form-encoded text. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** Milliseconds since 1970 as browsers give them. */
export const epochMs = z.number().int().min(0).max(8.64e15);
/** A page's address path, as location.pathname gives it. */
export const pagePath = text(2000).regex(/^\/\S*$/, 'must be a path starting with /');
export const httpUrl = text(2000).refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, 'must be an http or https address');

/** The fields a site's pages add to tracking (seed 000 §3 "Event context"); on count calls, optional. */
export const eventContext = {
  websiteId: optionalText(100),
  templateId: optionalText(100),
  variantId: optionalText(100),
  memberAccountId: optionalText(100),
  pagePath: pagePath.optional(),
  pageHash: optionalText(2000),
  member_locale: optionalText(100),
  website_locale: optionalText(100),
};

/** A text rule that also takes `null` as form-encoded bodies write it (JSON.stringify(null)). */
export const nullAsText = <T extends z.ZodType>(rule: T) => z.union([z.literal('null').transform(() => null), rule]);

/** A visitor record (ss_cvr, seed 000 §5) as a field: empty for none. */
export const visitorRecordField = text(500)
  .refine((v) => v === '' || parseVisitorRecord(v) !== undefined, 'must be a visitor record (an id and four positive integers separated by |)')
  .optional();
