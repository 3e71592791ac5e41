/**
 * The command line against a real database: `npm run site -- import/export` (a refused document
 * prints every error's path and changes nothing; export then import is identical) and
 * `npm run user -- add` (a new account with a printed password, or a role for an existing one).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/registry';
import { loadDocument } from '../src/document/load';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';

const exec = promisify(execFile);
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dir: string;

async function cli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, DATABASE_URL: database.url }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  database = await freshDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'openpress-cli-'));
});
afterAll(async () => database?.drop());

describe('npm run site', () => {
  it('refuses an invalid document with every error path and imports nothing', async () => {
    const doc = demoDocument();
    (doc.pages[0] as { path: string }).path = 'nope';
    (doc.settings as { identifier: string }).identifier = 'Bad Identifier';
    const file = path.join(dir, 'bad.json');
    await writeFile(file, JSON.stringify(doc));
    const res = await cli('src/cli/site.ts', ['import', file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not a valid site document (2 errors); nothing was imported:');
    expect(res.stderr).toContain('$.settings.identifier:');
    expect(res.stderr).toContain('$.pages[0].path:');
    expect((await database.pool.query('SELECT count(*)::int AS n FROM websites')).rows[0].n).toBe(0);
  });

  it('imports, and exports the same document back', async () => {
    const file = path.join(dir, 'demo.json');
    await writeFile(file, JSON.stringify(demoDocument()));
    const imported = await cli('src/cli/site.ts', ['import', file]);
    expect(imported.stderr).toContain('Created site demo.');
    const exported = await cli('src/cli/site.ts', ['export', 'demo']);
    expect(exported.code).toBe(0);
    const loaded = loadDocument(demoDocument(), siteDocumentSchema);
    if (!loaded.ok) throw new Error('the demo document is invalid');
    expect(JSON.parse(exported.stdout)).toEqual(loaded.document);
    expect((await cli('src/cli/site.ts', ['export', 'missing'])).stderr).toContain('No site with identifier missing.');
  });
});

describe('npm run user', () => {
  it('adds a team member with a printed password, and changes the role of an existing one', async () => {
    const added = await cli('src/cli/user.ts', ['add', 'Helper@Example.com', '--role', 'editor', '--site', 'demo']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('helper@example.com is EDITOR on demo.');
    expect(added.stdout).toMatch(/New account\. Password: \S{16,}/);
    const again = await cli('src/cli/user.ts', ['add', 'helper@example.com', '--role', 'VIEWER', '--site', 'demo']);
    expect(again.stdout).not.toContain('Password');
    const { rows } = await database.pool.query('SELECT role FROM website_members m JOIN accounts a ON a.id = m.account_id WHERE a.email = $1', ['helper@example.com']);
    expect(rows).toEqual([{ role: 10 }]);
    expect((await cli('src/cli/user.ts', ['add', 'helper@example.com', '--role', 'KING', '--site', 'demo'])).code).toBe(2);
  });
});
