/**
 * Browser builds: the island loader and one chunk per block kind that declares an island in the
 * block definitions (its src/blocks/<kind>/island.ts or island.tsx), and the config area's app.
 * The server reads dist/client/.vite/manifest.json to map a kind to its chunk.
 */
import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vite';
import { ISLAND_KINDS } from './src/blocks/definitions';
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
const VISITOR_RUNTIME = /\/src\/(runtime\/(measure\/|islands\/(measure|cookie-banner)\.ts|consent\.ts|visitor\.ts|site-context\.ts|cookie-banner-dom\.ts)|domain\/(cookies|measurement-paths|analytics|limits|census|page-types|locale|vitals)\.ts|messages\/measurement\.ts)/;

export default defineConfig({
  publicDir: false,
  plugins: [messagesPlugin()],
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
        codeSplitting: { groups: [{ name: 'visitor', test: VISITOR_RUNTIME }] },
      },
      preserveEntrySignatures: 'exports-only',
    },
  },
});
