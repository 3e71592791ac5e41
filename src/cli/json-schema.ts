/**
 * The site document as JSON Schema, generated from the zod schemas the server validates with. It
 * reads the block definitions only (no views, no sanitiser): the shapes a document must have.
 */
import { z } from 'zod';
import { blockDataSchemas } from '../blocks/definitions';
import { createSiteDocumentSchema } from '../document/schema';

export function siteDocumentJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(createSiteDocumentSchema(blockDataSchemas), { io: 'input', unrepresentable: 'any', reused: 'ref' }),
    $id: 'https://openpress.invalid/site-document.schema.json',
    title: 'OpenPress site document',
  };
}
