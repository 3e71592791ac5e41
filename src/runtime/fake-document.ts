/**
 * For unit tests of visitor-side modules in Node: a stand-in `document` whose cookies live in a
 * Map (every write recorded; `max-age=0` deletes) and whose page context is the given one.
 */
import { vi } from 'vitest';
import { SITE_CONTEXT_ELEMENT_ID, type SiteContext } from '../ui/page-contract/site-context';

export function stubDocument(cookies: Record<string, string>, context: SiteContext | null): { jar: Map<string, string>; writes: string[] } {
  const jar = new Map(Object.entries(cookies));
  const writes: string[] = [];
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair = '', ...attributes] = text.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (attributes.includes('max-age=0')) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
    scripts: context ? { [SITE_CONTEXT_ELEMENT_ID]: { textContent: JSON.stringify(context) } } : {},
  });
  return { jar, writes };
}
