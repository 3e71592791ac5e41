/**
 * Where form blocks sit in stored sections, as a PostgreSQL JSON path: the server's queries that
 * find a form (the owner's form screens, the drafts a form edit revises, the save rule that a form
 * lives in one place) share this one path.
 */
import { BLOCK_TYPES } from '../../domain/block-types';

/** Blocks of the form whose formId is `$id` (the form's edit replaces each). */
export const FORM_WITH_ID = `$[*].blocks[*] ? (@.type == ${BLOCK_TYPES.FORM} && @.data.formId == $id)`;
