/** The forms module's face: what other modules and the platform may use. */
export { listFormsAndLists } from './config/placements';
export { pruneFormData } from './forms';
export { unsubscribeTokenValid } from './newsletter';
export { webhookSigningSecrets } from './webhook-secrets';
export { WEBHOOK_JOB, webhookHandler } from './webhooks';
export { createPublishedForms, type PublishedForms } from './published-forms';
export { FormRefusal, type FormRefusalReason } from './operations/form-refusal';
export { issueFormKey, type FormKeyDeps } from './operations/issue-form-key';
export { submitForm, type SubmitFormDeps, type SubmitFormInput } from './operations/submit-form';
