/**
 * Valid HTML: every page of the demo's sitemap (and the page a wrong address gets) as a visitor's
 * browser receives it, through the Nu Html Checker (the `vnu-jar` package, on Debian's Java), with
 * no error. Warnings and notes are the checker's advice, not errors, and are not counted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteForFile, visitorApi } from './harness';

const env = siteForFile();
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Message = { type: string; url: string; lastLine?: number; message: string; extract?: string };

/** The checker's messages for the files, one Java process for them all. */
function check(files: string[]): Promise<Message[]> {
  if (spawnSync('java', ['-version']).error) {
    throw new Error("The HTML checker needs Java, which is missing: install Debian's default-jre-headless (npm test installs it when run as root).");
  }
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files]);
    let out = '';
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve((JSON.parse(out) as { messages: Message[] }).messages);
      } catch {
        reject(new Error(`The HTML checker answered what is not its report: ${out.slice(0, 500)}`));
      }
    });
  });
}

describe('the HTML of the published site', () => {
  it('has no error on any page of the demo sitemap, nor on the not-found page', { timeout: 120_000 }, async () => {
    const { http } = await visitorApi(env.site());
    const sitemap = await (await http.get('/sitemap.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    dir = await mkdtemp(path.join(tmpdir(), 'openpress-html-'));
    const files = new Map<string, string>();
    for (const [i, page] of [...paths, '/no-such-page'].entries()) {
      const file = path.join(dir, `${i}.html`);
      await writeFile(file, await (await http.get(page)).text());
      files.set(`file:${file}`, page);
    }
    const errors = (await check([...files.keys()].map((f) => f.slice('file:'.length))))
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? ''} ${m.message} «${(m.extract ?? '').trim()}»`);
    expect(errors).toEqual([]);
  });
});
