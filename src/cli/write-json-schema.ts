/**
 * `npm run schema`: writes docs/site-document.schema.json from the zod schemas (with every
 * registered block kind's data), so tools outside this project can validate documents.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteDocumentJsonSchema } from './json-schema';

const target = fileURLToPath(new URL('../../docs/site-document.schema.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(siteDocumentJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
