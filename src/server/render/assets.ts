/**
 * What the server knows about the browser build: the island loader's source (inlined, so its
 * CSP hash is computed once), each block kind's chunk URL, and the theme stylesheet (the theme's
 * custom properties, theme.css, every block kind's style.css, the site chrome's rules and the
 * cookie banner's) with a content-hashed URL. Read once at start from dist/client (built by
 * `npm run build`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCK_DEFINITIONS } from '../../blocks/definitions';
import { PROJECT_ROOT as ROOT } from '../../db/project-root';
import { themeRootCss } from '../../document/theme';
import { SITE_CHROME_CSS } from './site-chrome';

export type ClientAssets = {
  loader: { source: string; hash: string };
  /** Block kind -> public URL of its island chunk. */
  islands: ReadonlyMap<string, string>;
  theme: { url: string; css: string };
  /** The config area's entry script and stylesheets. */
  config: { script: string; styles: string[] };
  /** Public path (/assets/…) -> file on disk, for the static route. */
  files: ReadonlyMap<string, string>;
};

export function sha256Base64(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * The stylesheet every site's pages share: the theme (its shared values, generated from
 * src/document/theme.ts, then its rules), then every block kind's own rules (cached once by the
 * browser for all pages, so a page does not wait for a kind's rules when a block appears),
 * the badge and info bar rules generated from the shared constants (z-index, the 1024 px width),
 * the cookie banner's rules, shared with the config area's live preview, the cart's (its indicator
 * and page), the checkout's, and the design's animations. A site's own values (its design) are in
 * its per-site stylesheet (render/design-sheet.ts), linked after this one.
 */
export function themeStylesheet(): string {
  const blocks = BLOCK_DEFINITIONS.map((b) => read(`src/blocks/${b.kind}/style.css`)).join('');
  return (
    themeRootCss() +
    read('src/server/render/theme.css') +
    blocks +
    SITE_CHROME_CSS +
    read('src/ui/page-contract/cookie-banner.css') +
    read('src/ui/cart/cart.css') +
    read('src/ui/checkout/checkout.css') +
    read('src/ui/motion.css')
  );
}

export type ManifestEntry = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };

/**
 * The stylesheets an entry needs before it runs: its own and those of every chunk it imports
 * statically, the imported chunks' first (a dynamic import brings its own; a static one does not).
 */
export function staticStylesheets(manifest: Record<string, ManifestEntry>, entry: string): string[] {
  const seen = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const imported of chunk?.imports ?? []) visit(imported);
    for (const css of chunk?.css ?? []) styles.add(css);
  };
  visit(entry);
  return [...styles];
}

/** The config area's entry module. */
const CONFIG_ENTRY = 'src/config/main.tsx';

export function loadClientAssets(distDir = path.resolve(ROOT, process.env.OPENPRESS_DIST ?? 'dist/client')): ClientAssets {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`The browser build is missing (${manifestPath}). Run \`npm run build\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const files = new Map<string, string>();
  const islands = new Map<string, string>();
  let loaderSource: string | undefined;
  let config: ClientAssets['config'] | undefined;
  for (const [src, entry] of Object.entries(manifest)) {
    files.set(`/${entry.file}`, path.join(distDir, entry.file));
    if (src === 'src/runtime/loader.ts') {
      // Inlined as a module script; its trailing newline is dropped so the hash is of what is sent.
      loaderSource = readFileSync(path.join(distDir, entry.file), 'utf8').trim();
    }
    if (src === CONFIG_ENTRY) config = { script: `/${entry.file}`, styles: staticStylesheets(manifest, src).map((c) => `/${c}`) };
    for (const css of entry.css ?? []) files.set(`/${css}`, path.join(distDir, css));
    const kind = /^src\/blocks\/([a-z0-9-]+)\/island\.tsx?$/.exec(src)?.[1] ?? /^src\/runtime\/islands\/([a-z0-9-]+)\.tsx?$/.exec(src)?.[1];
    if (kind) islands.set(kind, `/${entry.file}`);
  }
  if (loaderSource === undefined || config === undefined) throw new Error('The browser build is incomplete; rebuild with `npm run build`.');
  const css = themeStylesheet();
  const themeUrl = `/assets/theme-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  return { loader: { source: loaderSource, hash: sha256Base64(loaderSource) }, islands, theme: { url: themeUrl, css }, config, files };
}
