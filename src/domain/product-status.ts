/**
 * Seed 000 §4: the product workflow's labels of a product's status (a content item status). Apart
 * from ./website.ts, whose statuses every published page's runtime reads: only the config area
 * and the server show these words.
 */
import { CONTENT_STATUSES } from './website';

/** Seed 000 §4: how a product's status reads in the product workflow. */
export const PRODUCT_WORKFLOW_LABELS = {
  AVAILABLE: 'Available',
  SCHEDULED: 'Scheduled',
  HIDDEN: 'Hidden',
  UNSUPPORTED: 'Unsupported',
} as const;
export type ProductWorkflowLabel = (typeof PRODUCT_WORKFLOW_LABELS)[keyof typeof PRODUCT_WORKFLOW_LABELS];

/** PUBLISHED reads Available, SCHEDULED Scheduled, DRAFT Hidden, anything else Unsupported. */
export function productWorkflowLabel(status: number): ProductWorkflowLabel {
  switch (status) {
    case CONTENT_STATUSES.PUBLISHED:
      return PRODUCT_WORKFLOW_LABELS.AVAILABLE;
    case CONTENT_STATUSES.SCHEDULED:
      return PRODUCT_WORKFLOW_LABELS.SCHEDULED;
    case CONTENT_STATUSES.DRAFT:
      return PRODUCT_WORKFLOW_LABELS.HIDDEN;
    default:
      return PRODUCT_WORKFLOW_LABELS.UNSUPPORTED;
  }
}
