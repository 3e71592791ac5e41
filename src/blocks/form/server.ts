/**
 * The form block's server part: the save rule that guards forms. Forms write guards a form's fields
 * and settings (where submissions go: notification addresses, webhooks). A role without it may
 * move, resize and remove form blocks and place new ones as the kind's defaults make them, with a
 * form id no other form of the site uses; changing the data of a form block the current draft holds
 * is refused, naming the block.
 */
import { isDeepStrictEqual } from 'node:util';
import { readStored } from '../../document/link';
import { BLOCK_TYPES } from '../../domain/block-types';
import { canAccess } from '../../domain/permissions';
import { editor } from '../../messages/editor';
import { format } from '../../messages/format';
import { blockDefinition } from '../definitions';
import { storedBlockSchemas } from '../sanitize';
import type { BlockServer, SaveRefusal, StoredBlock } from '../server-types';
import { FORM_WITH_ID } from './json-paths';

const FORM = BLOCK_TYPES.FORM;

/** JSON as it compares: what a round trip through the database would give (no undefined members). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A form block's data as the writing schema gives it today (defaults filled), so a form stored before a newer setting existed still compares equal. */
function normalForm(data: unknown): unknown {
  const parsed = readStored(() => storedBlockSchemas.get(FORM)!.safeParse(data));
  return plain(parsed.success ? parsed.data : data);
}

/** The data a new block of the form kind starts with, holding `data`'s own ids (a form's formId). */
function blankForm(data: Record<string, unknown>): unknown {
  const kind = blockDefinition(FORM)!;
  const ids = Object.fromEntries((kind.ids ?? []).map((key) => [key, data[key]]));
  return normalForm({ ...kind.defaults, ...ids });
}

function refuse(message: typeof editor.formChangeRefused | typeof editor.newFormNotBlank, block: StoredBlock, path: string): SaveRefusal {
  const title = typeof block.data.title === 'string' && block.data.title ? block.data.title : blockDefinition(FORM)!.label;
  const error = format(message, { title, blockId: block.id });
  return { error, errors: { [path]: error } };
}

export const formServer: BlockServer = {
  async checkSave(before, after, ctx) {
    if (canAccess(ctx.role, 'forms', 'write')) return undefined;
    const existing = new Map(before.map((b) => [b.id, normalForm(b.data)] as const));
    const draftFormIds = new Set(before.map((b) => String(b.data.formId)));
    const added = after.filter(({ block }) => !existing.has(block.id)).map(({ block }) => String(block.data.formId));
    const inUse = added.length > 0 ? await ctx.heldElsewhere(FORM_WITH_ID, added) : new Set<string>();
    for (const { block, path } of after) {
      const data = `${path}.data`;
      const prior = existing.get(block.id);
      if (prior !== undefined) {
        if (!isDeepStrictEqual(prior, plain(block.data))) return refuse(editor.formChangeRefused, block, data);
        continue;
      }
      const formId = String(block.data.formId);
      if (draftFormIds.has(formId) || inUse.has(formId) || !isDeepStrictEqual(blankForm(block.data), plain(block.data)))
        return refuse(editor.newFormNotBlank, block, data);
      draftFormIds.add(formId);
    }
    return undefined;
  },
};
