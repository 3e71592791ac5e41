/**
 * The key of an embedded set-up, against the real server (`npm start`'s main): generated into
 * DATA_DIR/secret-key (mode 600) at the first start and never printed, read again at later starts;
 * a secret found in plain text at a start is sealed. `npm run secrets -- rotate` writes the new key
 * beside the old one, refuses while the running server still seals with the old key, and once the
 * server was restarted (it then seals with the new key and still opens the old) re-seals every
 * secret and puts the new key in place of the old. With DATABASE_URL and no SECRET_KEY the start
 * stops with a message saying why.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ownServersTimeout, sqlOn, startServer, type RunningServer } from '../e2e/harness';
import { keyId, parseSecretKey } from '../src/server/secrets/sealed';
import { programArgs } from '../e2e/server-process';

const exec = promisify(execFile);
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
});

/** The environment with no key or database of its own: the embedded set-up. */
function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const { SECRET_KEY: _key, SECRET_KEY_NEXT: _next, DATABASE_URL: _url, ...env } = process.env;
  return { ...env, DATA_DIR: dataDir };
}

async function rotate(dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [...programArgs('secrets'), 'rotate'], { env: embeddedEnv(dataDir) });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const keyIn = async (file: string) => keyId(parseSecretKey(await readFile(file, 'utf8')));
const storedPassword = async (s: RunningServer) => (await sqlOn(s, 'SELECT password FROM smtp_settings'))[0]!.password as string;

describe("the embedded set-up's secret key", () => {
  it(
    'is generated at the first start, kept, and replaced by a rotation that never leaves a secret under a key no file holds',
    async () => {
      // The blank site: nothing here reads the demo's pages, and its images would be made for nothing.
      server = await startServer({ env: { SECRET_KEY: '', SECRET_KEY_NEXT: '', START_WITH: 'blank' } });
      const { dataDir } = server;
      const keyFile = path.join(dataDir, 'secret-key');
      const nextFile = path.join(dataDir, 'secret-key.next');
      expect(server.output()).toContain(`Stored secrets are sealed with a key generated in ${keyFile} (mode 600)`);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      const keyText = (await readFile(keyFile, 'utf8')).trim();
      expect(server.output()).not.toContain(keyText);
      const oldId = await keyIn(keyFile);

      // A password stored in plain text, as a server from before sealing left it.
      const [site] = await sqlOn(server, 'SELECT id FROM websites WHERE is_default');
      await sqlOn(
        server,
        `INSERT INTO smtp_settings (website_id, host, port, secure, username, password, from_address) VALUES ($1, 'smtp.example.com', 587, false, 'mailer', 'plain-password-1', 'studio@example.com')`,
        [site!.id],
      );

      const refused = await rotate(dataDir);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`Not rotated: an app server still seals with key ${oldId}`);
      expect(refused.out).toContain(`The new key is ready in ${nextFile}. Restart the server`);
      expect((await stat(nextFile)).mode & 0o777).toBe(0o600);
      const newId = await keyIn(nextFile);
      expect(await keyIn(keyFile)).toBe(oldId);

      await server.stop({ remove: false });
      server = await startServer({ dataDir, env: { SECRET_KEY: '', SECRET_KEY_NEXT: '' } });
      expect(server.output()).not.toContain('Stored secrets are sealed with a key generated');
      expect(server.output()).toContain(`A secret key rotation is under way: new secrets are sealed with the key in ${nextFile}`);
      expect(server.output()).toContain('Sealed 1 stored secret that was kept in plain text.');
      expect(await storedPassword(server)).toMatch(new RegExp(`^sealed:v1:${newId}:`));

      const rotated = await rotate(dataDir);
      expect(rotated.code, rotated.out).toBe(0);
      expect(rotated.out).toContain(`under key ${newId}`);
      expect(await keyIn(keyFile)).toBe(newId);
      await expect(stat(nextFile)).rejects.toThrow('ENOENT');

      await server.stop({ remove: false });
      server = await startServer({ dataDir, env: { SECRET_KEY: '', SECRET_KEY_NEXT: '' } });
      expect(server.output()).not.toContain('rotation is under way');
      expect(server.output()).not.toContain('Sealed');
      expect(await storedPassword(server)).toMatch(new RegExp(`^sealed:v1:${newId}:`));
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    },
    ownServersTimeout(3),
  );

  it('is required with DATABASE_URL: the start stops and says so', async () => {
    const start = exec(process.execPath, programArgs('main'), {
      env: { ...embeddedEnv('/nonexistent'), DATABASE_URL: 'postgres://app@127.0.0.1:1/openpress', PORT: '0' },
    });
    await expect(start).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'SECRET_KEY must be set with DATABASE_URL: stored secrets are sealed with it, and every app server must hold the same key.',
      ),
    });
  });
});
