/** The forms module's face: what other modules and the platform may use. */
export { listFormsAndLists } from './config/placements';
export { pruneFormData } from './forms';
export { unsubscribeTokenValid } from './newsletter';
export { webhookSigningSecrets } from './webhook-secrets';
export { WEBHOOK_JOB, webhookHandler } from './webhooks';
