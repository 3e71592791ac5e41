/**
 * The command line against a real database: `npm run site -- import/export` (a refused document
 * prints every error's path and changes nothing; export then import is identical) and
 * `npm run user -- add` (a new account with a printed password, or a role for an existing one) and
 * `npm run user -- disable-two-factor` (two-factor sign-in off and the sessions ended).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { createAccount } from '../src/server/modules/accounts/accounts';
import { createSession } from '../src/server/modules/accounts/sessions';
import { freshDatabase } from './db';
import { untar } from './archive';
import { demoDocument } from './fixtures';
import { programArgs } from '../e2e/server-process';

const exec = promisify(execFile);
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dir: string;

async function cli(program: 'site' | 'user', args: string[]): Promise<{ code: number; stdout: string; stderr: string; bytes: Buffer }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [...programArgs(program), ...args], {
      env: { ...process.env, DATABASE_URL: database.url },
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'buffer',
    });
    return { code: 0, stdout: stdout.toString(), stderr: stderr.toString(), bytes: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: Buffer; stderr: Buffer };
    return { code: e.code, stdout: e.stdout.toString(), stderr: e.stderr.toString(), bytes: e.stdout };
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
    const res = await cli('site', ['import', file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not a valid site document (2 errors); nothing was imported:');
    expect(res.stderr).toContain('$.settings.identifier:');
    expect(res.stderr).toContain('$.pages[0].path:');
    expect((await database.pool.query('SELECT count(*)::int AS n FROM websites')).rows[0].n).toBe(0);
  });

  // covers 000-5.34 (a javascript: link is refused on import like any schema error)
  it('refuses a document holding a link a page may not carry, naming its path and what is wrong', async () => {
    const doc = demoDocument();
    doc.footer.links[2]!.href = 'javascript:alert(1)';
    const file = path.join(dir, 'bad-link.json');
    await writeFile(file, JSON.stringify(doc));
    const res = await cli('site', ['import', file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('$.footer.links[2].href: "javascript:alert(1)" is a javascript: link, which a published page never carries');
    expect((await database.pool.query('SELECT count(*)::int AS n FROM websites')).rows[0].n).toBe(0);
  });

  it('imports a document with its files in it, exports the site as an archive, and imports the archive, gzipped too', async () => {
    const file = path.join(dir, 'demo.json');
    await writeFile(file, JSON.stringify(demoDocument()));
    const imported = await cli('site', ['import', file]);
    expect(imported.stderr).toContain('Created site demo.');
    const exported = await cli('site', ['export', 'demo']);
    expect(exported.code, exported.stderr).toBe(0);
    const loaded = loadDocument(demoDocument(), siteDocumentSchema);
    if (!loaded.ok) throw new Error('the demo document is invalid');
    const entries = await untar(exported.bytes);
    expect(entries[0]!.name).toBe('site.json');
    const document = JSON.parse(entries[0]!.data.toString()) as { files: { name: string; data?: string }[] };
    expect({ ...document, files: [] }).toEqual({ ...loaded.document, files: [] });
    expect(entries.map((e) => e.name).slice(1)).toEqual(loaded.document.files.map((f) => `files/${f.name}`));
    for (const f of loaded.document.files) expect(entries.find((e) => e.name === `files/${f.name}`)!.data.toString('base64')).toBe(f.data);
    expect(document.files.every((f) => f.data === undefined)).toBe(true);

    const archive = path.join(dir, 'demo.site.tar.gz');
    await writeFile(archive, gzipSync(exported.bytes));
    const again = await cli('site', ['import', archive]);
    expect(again.stderr).toContain('Replaced site demo.');
    expect(JSON.parse((await cli('site', ['export', 'demo', '--document'])).stdout)).toEqual(document);
    expect((await cli('site', ['export', 'missing'])).stderr).toContain('No site with identifier missing.');
  });
});

describe('npm run site -- new', () => {
  it('creates a site with its owner, the account made with a printed password, and refuses a reserved identifier', async () => {
    const made = await cli('site', ['new', 'harbour', '--owner', 'Baker@Example.com', '--title', 'Harbour Bakery']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('Created site harbour (harbour.localhost), owned by baker@example.com.');
    expect(made.stdout).toMatch(/New account\. Password: \S{16,}/);
    const { rows } = await database.pool.query(
      "SELECT m.role, w.settings->>'title' AS title FROM website_members m JOIN accounts a ON a.id = m.account_id JOIN websites w ON w.id = m.website_id WHERE a.email = $1",
      ['baker@example.com'],
    );
    expect(rows).toEqual([{ role: 1, title: 'Harbour Bakery' }]);
    const reserved = await cli('site', ['new', 'www', '--owner', 'baker@example.com']);
    expect(reserved.code).toBe(1);
    expect(reserved.stderr).toContain('Not created: The identifier “www” is kept for the server’s own addresses.');
  });
});

describe('npm run user', () => {
  it('adds a team member with a printed password, and changes the role of an existing one', async () => {
    const added = await cli('user', ['add', 'Helper@Example.com', '--role', 'editor', '--site', 'demo']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('helper@example.com is EDITOR on demo.');
    expect(added.stdout).toMatch(/New account\. Password: \S{16,}/);
    const again = await cli('user', ['add', 'helper@example.com', '--role', 'VIEWER', '--site', 'demo']);
    expect(again.stdout).not.toContain('Password');
    const { rows } = await database.pool.query('SELECT role FROM website_members m JOIN accounts a ON a.id = m.account_id WHERE a.email = $1', [
      'helper@example.com',
    ]);
    expect(rows).toEqual([{ role: 10 }]);
    expect((await cli('user', ['add', 'helper@example.com', '--role', 'KING', '--site', 'demo'])).code).toBe(2);
  });

  it('turns off two-factor sign-in for a member who lost the app, and ends their sessions', async () => {
    const id = await createAccount(database.db, 'lost-phone@example.com', 'lost-phone-password-1');
    await database.pool.query('UPDATE accounts SET totp_secret = $2, totp_enabled_at = now(), totp_last_step = 123 WHERE id = $1', [
      id,
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    ]);
    await createSession(database.db, id);
    await createSession(database.db, id);
    const other = await createAccount(database.db, 'keeps-session@example.com', 'keeps-session-password-1');
    await createSession(database.db, other);

    const res = await cli('user', ['disable-two-factor', 'Lost-Phone@example.com']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Two-factor sign-in is now off for lost-phone@example.com');
    expect(res.stdout).toContain('Ended every session of lost-phone@example.com.');
    const { rows } = await database.pool.query('SELECT totp_secret, totp_enabled_at, totp_last_step FROM accounts WHERE id = $1', [id]);
    expect(rows).toEqual([{ totp_secret: null, totp_enabled_at: null, totp_last_step: null }]);
    const sessions = await database.pool.query('SELECT account_id FROM sessions WHERE account_id = ANY($1)', [[id, other]]);
    expect(sessions.rows).toEqual([{ account_id: other }]);

    const again = await cli('user', ['disable-two-factor', 'lost-phone@example.com']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Two-factor sign-in was not on for lost-phone@example.com; nothing to turn off.');

    const unknown = await cli('user', ['disable-two-factor', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account uses nobody@example.com.');
  });
});
