/**
 * The Nu Html Checker (the `vnu-jar` package, on Debian's Java) over HTML files, one Java process
 * for them all: what valid-html and the templates' checks ask of every page. Warnings and notes are
 * the checker's advice; `htmlErrors` keeps only its errors.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

export type CheckerMessage = { type: string; url: string; lastLine?: number; message: string; extract?: string };

/** The checker's messages for the files, one Java process for them all. */
export function checkHtml(files: string[]): Promise<CheckerMessage[]> {
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
        resolve((JSON.parse(out) as { messages: CheckerMessage[] }).messages);
      } catch {
        reject(new Error(`The HTML checker answered what is not its report: ${out.slice(0, 500)}`));
      }
    });
  });
}

/** The errors among the messages, one line each, named by `pageOf` (the file's `file:` address -> the page it holds). */
export function htmlErrors(messages: CheckerMessage[], pageOf: ReadonlyMap<string, string>): string[] {
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${pageOf.get(m.url) ?? m.url}:${m.lastLine ?? ''} ${m.message} «${(m.extract ?? '').trim()}»`);
}
