/**
 * The browser build's side of the message catalogue (src/messages/): each namespace module is
 * compiled when it is loaded (src/messages/compile.ts), format.ts is swapped for its browser twin,
 * and intl-messageformat's parser import points at its no-parser build. A chunk so carries only the
 * namespaces it imports, already compiled; a message that is not valid ICU fails the build.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { compileNamespaceModule, isNamespaceFile } from '../src/messages/compile';

const DIR = resolve('src/messages');
const FORMAT = resolve(DIR, 'format.ts');
const FORMAT_BROWSER = resolve(DIR, 'format.browser.ts');
const ICU_BROWSER = resolve(DIR, 'icu.browser.ts');

export function messagesPlugin(): Plugin {
  return {
    name: 'openpress:messages',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    }),
    async load(id) {
      const file = id.split('?')[0]!;
      if (file === FORMAT) return readFileSync(FORMAT_BROWSER, 'utf8');
      if (!file.startsWith(DIR + '/') || !isNamespaceFile(basename(file))) return null;
      const source = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const exports = (await import(`data:text/javascript;base64,${Buffer.from(source.code).toString('base64')}`)) as Record<string, unknown>;
      return compileNamespaceModule(exports, ICU_BROWSER);
    },
  };
}
