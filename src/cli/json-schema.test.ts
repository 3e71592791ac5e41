import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteDocumentJsonSchema } from './json-schema';

describe('docs/site-document.schema.json', () => {
  it('is current with the zod schemas (run `npm run schema`)', () => {
    const committed = JSON.parse(readFileSync('docs/site-document.schema.json', 'utf8')) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(siteDocumentJsonSchema())));
  });

  it('describes every registered block type', () => {
    const text = JSON.stringify(siteDocumentJsonSchema());
    for (const type of [2, 5, 15, 18, 21, 22, 23]) expect(text).toContain(`"const":${type}`);
  });
});
