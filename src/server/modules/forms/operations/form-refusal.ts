/**
 * Why a form call is refused, by reason; the route answers each with its status and the form shows
 * the `error` text (and, for fields, `errors` by field id).
 */
export type FormRefusalReason = 'unreadable' | 'rateLimited' | 'keyInvalid' | 'notConfigured' | 'unparseableFields' | 'captchaIncomplete' | 'invalidFields';

export class FormRefusal extends Error {
  constructor(
    readonly reason: FormRefusalReason,
    message: string,
    readonly errors?: Record<string, string>,
    /** For `rateLimited`: how long until the visitor may try again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
