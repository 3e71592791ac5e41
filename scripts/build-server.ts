/**
 * The server bundle `npm start` runs and the end-to-end tests start: src/server/main.ts and the
 * command-line tools (site, user, secrets, backup), as ES modules in dist/server/ sharing their
 * common code in chunks (packages stay in node_modules), with source maps so stack traces name our
 * files. Built with esbuild, the transform tsx runs the same sources
 * with, so the bundle behaves as the sources do under tsx and in the other tests.
 */
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { projectPath } from '../src/db/project-root';

export const SERVER_DIST = projectPath(process.env.OPENPRESS_SERVER_DIST ?? 'dist/server');

/** The bundle's programs, by the name of their file in dist/server/. */
export const ENTRIES = {
  main: 'src/server/main.ts',
  site: 'src/cli/site.ts',
  user: 'src/cli/user.ts',
  secrets: 'src/cli/secrets.ts',
  backup: 'src/cli/backup.ts',
  'test-payments': 'src/server/test-payments/main.ts',
} as const;

export async function buildServer(outdir = SERVER_DIST): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, projectPath(source)])),
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    jsx: 'automatic',
    logLevel: 'warning',
  });
}

if (import.meta.filename === process.argv[1]) await buildServer();
