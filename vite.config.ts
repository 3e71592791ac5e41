/**
 * Browser builds: the island loader and one chunk per block kind that declares an island in the
 * block definitions (its src/blocks/<kind>/island.ts or island.tsx), and the config area's app.
 * The server reads dist/client/.vite/manifest.json to map a kind to its chunk. Every script and
 * stylesheet is also written compressed beside itself (`.br`, `.gz`), at the highest levels, since
 * it is done once per build: the server sends those bytes as they are (plugins/static-assets.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { ISLAND_KINDS } from './src/blocks/definitions';
import { designTokensPlugin } from './scripts/vite-design-tokens';
import { messagesPlugin } from './scripts/vite-messages';

// The definitions are the one list of kinds with an island; a kind that declares one without its
// module fails the build here (src/blocks/blocks.test.ts checks no island module goes undeclared).
const islands = Object.fromEntries(
  ISLAND_KINDS.map((kind) => {
    const file = ['island.ts', 'island.tsx'].map((f) => `src/blocks/${kind}/${f}`).find((p) => existsSync(p));
    if (!file) throw new Error(`block kind ${kind} declares an island but has no src/blocks/${kind}/island.ts`);
    return [`island-${kind}`, file];
  }),
);

// Page-level behaviour the server adds to particular addresses (the logout notice …), loaded like islands.
const runtimeIslands = Object.fromEntries(
  readdirSync('src/runtime/islands')
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => [`island-${f.replace(/\.tsx?$/, '')}`, `src/runtime/islands/${f}`]),
);

/** The modules of the visitor runtime (and the domain constants only it uses). */
const VISITOR_RUNTIME =
  /\/src\/(runtime\/(measure\/|islands\/(measure|cookie-banner)\.ts|consent\.ts|visitor\.ts|site-context\.ts|api\.ts)|ui\/page-contract\/(site-context|cookie-banner-dom)\.ts|domain\/(cookies|measurement-paths|analytics|limits|census|page-types|locale|vitals)\.ts|messages\/measurement\.ts)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function precompress(): Plugin {
  return {
    name: 'openpress-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      const written = Object.values(bundle).filter((item) => /\.(?:js|css|svg|json)$/.test(item.fileName) && !item.fileName.startsWith('.vite/'));
      await Promise.all(
        written.map(async (item) => {
          const body = Buffer.from(item.type === 'chunk' ? item.code : item.source);
          const file = path.join(dir, item.fileName);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [messagesPlugin(), designTokensPlugin(), precompress()],
  build: {
    // OPENPRESS_DIST builds elsewhere, so two builds (and their test servers) can run side by side.
    outDir: process.env.OPENPRESS_DIST ?? 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    modulePreload: false,
    rollupOptions: {
      input: { loader: 'src/runtime/loader.ts', config: 'src/config/main.tsx', ...islands, ...runtimeIslands },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // The visitor runtime every published page runs (consent, the cookie banner, measurement)
        // as one chunk: split along its shared modules it cost about 1.7 KB more gzipped, in
        // per-file overhead and lost compression (e2e/budgets.test.ts).
        // React as a chunk named for it, whichever screen or island first needs it: the tests that
        // keep it off published pages find it by name.
        codeSplitting: {
          groups: [
            { name: 'visitor', test: VISITOR_RUNTIME },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
      preserveEntrySignatures: 'exports-only',
    },
  },
});
