/**
 * Replacing a form block's fields and settings wherever the site's content (and the editor's page
 * drafts) holds the form. A content change like any other: one transaction that marks the site
 * changed (../site-changes.ts), logs the activity and gives a form with a webhook address its
 * signing secret, so published pages show the new form at once.
 */
import type { StoredFormData } from '../../../../blocks/form/schema';
import { BLOCK_TYPES } from '../../../../domain/block-types';
import type { Db } from '../../../../db/client';
import type { StoredBlockData, StoredSection } from '../../../../document/schema';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { reviseContentHoldingBlocks, reviseDraftsHolding } from '../../content';
import { ensureWebhookSecret } from '../webhook-secrets';
import { FORM_WITH_ID } from '../../../../blocks/form/json-paths';

const FORM = BLOCK_TYPES.FORM;

/** A form's data as the form block's writing schema gives it (src/blocks/sanitize.ts `storedSchema`). */
export type StoredForm = StoredFormData & StoredBlockData;

/** Puts `form` into every block of `sections` that holds its form id; answers how many it replaced. */
function replaceForm(sections: StoredSection[], form: StoredForm): number {
  let replaced = 0;
  for (const section of sections) {
    for (const block of section.blocks) {
      if (block.type === FORM && block.data.formId === form.formId) {
        block.data = form;
        replaced += 1;
      }
    }
  }
  return replaced;
}

/**
 * Replaces the form's data (checked and sanitised by the form block's writing schema) in every page and
 * item holding it, in one transaction: the site row is locked first, as an import locks it, so an
 * import and an edit never interleave. A form with a webhook address gets its signing secret in
 * the same transaction if it has none, answered here once. Answers `updated: false` when no block
 * holds the form.
 */
export async function updateForm(db: Db, websiteId: string, form: StoredForm, actorId: string): Promise<{ updated: boolean; webhookSecret?: string }> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    let replaced = await reviseContentHoldingBlocks(tx, websiteId, FORM_WITH_ID, { id: form.formId }, (sections) => replaceForm(sections, form));
    // Drafts holding the form take the change too, or publishing one would put the old form back.
    replaced += await reviseDraftsHolding(tx, websiteId, { path: FORM_WITH_ID, id: form.formId }, actorId, (sections) => replaceForm(sections, form));
    if (replaced === 0) return { updated: false };
    await markSiteChanged(tx, websiteId);
    const webhookSecret = form.settings.webhookUrl ? await ensureWebhookSecret(tx, websiteId, form.formId) : undefined;
    await logActivity(tx, websiteId, actorId, 'forms.form_updated', {
      formId: form.formId,
      fields: form.fields.length,
      ...(webhookSecret ? { webhookSecretMade: true } : {}),
    });
    return { updated: true, ...(webhookSecret ? { webhookSecret } : {}) };
  });
}
