/**
 * The server's shape, checked: route -> operation -> db (the lint rule of eslint.config.js, run here
 * over planted code so a change to the rule that stops it firing fails), one way to mark a site
 * changed, one reader of stored JSON, and enumerations written once, in src/domain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => {
      const file = path.relative(root, path.join(e.parentPath, e.name));
      return { file, text: readFileSync(path.join(root, file), 'utf8') };
    });
}

const server = sources('src/server');
const holding = (pattern: RegExp, files = server) => files.filter((f) => pattern.test(f.text)).map((f) => f.file);

describe('the server layers', () => {
  it('refuses SQL in routes, rendering and the HTTP layer, and lets a module’s operations hold it', { timeout: 30_000 }, async () => {
    const eslint = new ESLint({ cwd: root });
    const planted = [
      "import { eq } from 'drizzle-orm';",
      "import { pages } from '../content/schema/content';",
      "import type { Db } from '../../db/client';",
      'export async function find(db: Db, database: { pool: { query(q: string): Promise<unknown> } }) {',
      "  await database.pool.query('SELECT 1');",
      "  return db.select().from(pages).where(eq(pages.id, 'x'));",
      '}',
      '',
    ].join('\n');
    const messagesAt = async (filePath: string) =>
      (await eslint.lintText(planted, { filePath: path.join(root, filePath) }))[0]!.messages.filter(
        (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax',
      );
    for (const file of [
      'src/server/modules/forms/routes/planted.ts',
      'src/server/modules/accounts/config-route.ts',
      'src/server/render/planted.tsx',
      'src/server/http/planted.ts',
      'src/server/plugins/planted.ts',
      'src/server/operator/routes.ts',
      'src/server/app.ts',
    ]) {
      expect(
        (await messagesAt(file)).map((m) => m.line),
        file,
      ).toEqual([1, 2, 5, 6]);
    }
    expect(await messagesAt('src/server/modules/forms/planted.ts')).toEqual([]);
  });

  it('marks a site changed in one place: the content version and site_changed are written nowhere else', () => {
    expect(holding(/pg_notify\(\$\{SITE_CHANGED_CHANNEL\}|'site_changed'/)).toEqual(['src/server/modules/sites/site-changes.ts']);
    const code = server.filter((f) => !/\/schema(\/|\.ts$)/.test(f.file));
    expect(holding(/contentVersion:/, code)).toEqual(['src/server/modules/sites/site-changes.ts']);
  });

  it('reads stored settings and sections through their schemas, never by a cast', () => {
    expect(holding(/\.(settings|sections|navigation|header|footer|access) as /)).toEqual([]);
  });

  it('writes page types and statuses once, in src/domain', () => {
    const outsideDomain = [...server, ...sources('src/document'), ...sources('src/blocks'), ...sources('src/cli')];
    expect(holding(/\bPUBLISHED\s*=\s*1\b/, outsideDomain)).toEqual([]);
    expect(holding(/\bPAGE_TYPES\s*=\s*\{/, outsideDomain)).toEqual([]);
  });
});
