/**
 * A visitor asks for a form submission key (seed 000 §7 FormSubmissionKey): single use, bound to
 * the visitor's crumb and the site, valid for SUBMISSION_KEY_TTL_MS, within a limit per visitor.
 */
import { forms } from '../../../../messages/forms';
import { countAttempt, hashedIp, type RateLimitStore } from '../../../rate-limits/rate-limit';
import { FORM_RATE_LIMITS, type SubmissionKeys } from '../forms';
import { FormRefusal } from './form-refusal';

export type FormKeyDeps = { keys: SubmissionKeys; rateLimits: RateLimitStore };

/** `crumb` is the visitor's crumb, already checked (the crumb plugin). Throws FormRefusal (`rateLimited`). */
export async function issueFormKey(deps: FormKeyDeps, input: { websiteId: string; ip: string; crumb: string }): Promise<{ key: string }> {
  const attempt = await countAttempt(deps.rateLimits, [{ key: `form-key:${input.websiteId}:${hashedIp(input.ip)}`, ...FORM_RATE_LIMITS.keys }]);
  if (!attempt.allowed) throw new FormRefusal('rateLimited', forms.rateLimited, undefined, attempt.retryAfterMs);
  return { key: deps.keys.issue(input.websiteId, input.crumb) };
}
