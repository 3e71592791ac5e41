/**
 * The server bundle the end-to-end servers run: `npm test` builds it once before the tests; a run
 * of some files alone (`npx vitest run e2e/…`) builds it again when a source file is newer, so a
 * test never runs yesterday's server.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build-server';
import { ROOT, SERVER_BUNDLE } from './server-process';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(ts|tsx|json|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export async function ensureServerBundle(): Promise<void> {
  const built = (() => {
    try {
      return statSync(SERVER_BUNDLE).mtimeMs;
    } catch {
      return 0;
    }
  })();
  if (built > newestSource(path.join(ROOT, 'src'))) return;
  await buildServer();
}
