/**
 * The font files of the families offered (src/domain/fonts.ts), served from the site's own origin:
 * `/fonts/files/{id}-{version}/{file}.woff2`, read from the installed `@fontsource/{id}` package.
 * The package's version is in the address, so an upgrade gives new addresses and a file can be
 * cached for a year. Only the files the list offers are answered (each family's weights, in normal
 * style, latin and latin-ext): the address must be one of them exactly, so nothing else in the
 * package, or outside it, can be asked for. Each file is read once, on its first request, and kept.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { projectPath } from '../../db/project-root';
import { FONT_FAMILIES, FONT_SUBSETS, fontFileName } from '../../domain/fonts';
import { sendStored, storeAnswer, type StoredAnswer } from '../front/stored-answer';

export const FONT_FILES_PATH = '/fonts/files/';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const packageFile = (familyId: string, ...segments: string[]) => projectPath('node_modules/@fontsource', familyId, ...segments);

let versions: ReadonlyMap<string, string> | undefined;

/** Each family's installed package version, read once. */
function packageVersions(): ReadonlyMap<string, string> {
  versions ??= new Map(FONT_FAMILIES.map((f) => [f.id, (JSON.parse(readFileSync(packageFile(f.id, 'package.json'), 'utf8')) as { version: string }).version]));
  return versions;
}

/** The address of one of a family's files (`inter-latin-400-normal.woff2`), for the font faces' `src`. */
export function fontFileUrl(familyId: string, file: string): string {
  const version = packageVersions().get(familyId);
  if (version === undefined) throw new Error(`${familyId} is not a font family offered`);
  return `${FONT_FILES_PATH}${familyId}-${version}/${file}`;
}

/** Each family's folder of files (`/fonts/files/inter-5.3.0/`), for a design's faces worked out in the browser (the Design screen's preview). */
export function fontFileBases(): Record<string, string> {
  return Object.fromEntries(FONT_FAMILIES.map((f) => [f.id, fontFileUrl(f.id, '')]));
}

/** Every address answered -> the file on disk. */
function offeredFiles(): ReadonlyMap<string, string> {
  const files = new Map<string, string>();
  for (const family of FONT_FAMILIES) {
    for (const weight of family.weights) {
      for (const subset of FONT_SUBSETS) {
        if (family.subsets[subset] === undefined) continue;
        const file = fontFileName(family.id, subset, weight);
        files.set(fontFileUrl(family.id, file), packageFile(family.id, 'files', file));
      }
    }
  }
  return files;
}

/** Adds the route for the font files. */
export function registerFontFiles(app: FastifyInstance): void {
  const files = offeredFiles();
  const prepared = new Map<string, Promise<StoredAnswer>>();
  app.get(`${FONT_FILES_PATH}*`, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const file = files.get(path);
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    let answer = prepared.get(path);
    if (!answer) {
      prepared.set(path, (answer = readFile(file).then((body) => storeAnswer(200, { 'content-type': 'font/woff2', 'cache-control': IMMUTABLE }, body))));
      // A file that could not be read (a package replaced under a running server) is tried again next time.
      answer.catch(() => prepared.delete(path));
    }
    return sendStored(req, reply, await answer);
  });
}
