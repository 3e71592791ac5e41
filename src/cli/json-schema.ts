/** The site document as JSON Schema, generated from the zod schema the server validates with. */
import { z } from 'zod';
import { siteDocumentSchema } from '../blocks/registry';

export function siteDocumentJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(siteDocumentSchema, { io: 'input', unrepresentable: 'any', reused: 'ref' }),
    $id: 'https://openpress.invalid/site-document.schema.json',
    title: 'OpenPress site document',
  };
}
