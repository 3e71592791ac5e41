/**
 * The project's own folder (the one holding package.json), for the files the server reads beside
 * its code: migrations, the demo site, the browser build, block stylesheets. Found from this
 * module's address, so the same code finds them when it runs from src/ (tsx, tests) and from the
 * server bundle in dist/server/ (`npm start`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, from its root: `projectPath('sites/demo/site.json')`. */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
