/**
 * The browser build's files at /assets/… (content-hashed names, so cached for a year) and the theme
 * stylesheet. Each is read (with the brotli and gzip copies the build wrote beside it: vite.config.ts)
 * and prepared once, on its first request, and kept: no request reads the disk or compresses again.
 */
import { readFile } from 'node:fs/promises';
import { sendStored, storeAnswer, type Precompressed, type StoredAnswer } from '../front/stored-answer';
import type { ClientAssets } from '../render/assets';
import { appPlugin } from './app-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file the build compressed, if it did (an older build did not: its copies are then made once, here). */
const readIfPresent = (file: string) => readFile(file).catch(() => undefined);

async function prepareFile(file: string): Promise<StoredAnswer> {
  const [body, br, gzip] = await Promise.all([readFile(file), readIfPresent(`${file}.br`), readIfPresent(`${file}.gz`)]);
  const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
  const precompressed: Precompressed = { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
  return storeAnswer(200, { 'content-type': type, 'cache-control': IMMUTABLE }, body, precompressed);
}

export const staticAssetsPlugin = appPlugin('static-assets', async (app, opts: { assets: ClientAssets }) => {
  const prepared = new Map<string, Promise<StoredAnswer>>();
  const once = (path: string, prepare: () => Promise<StoredAnswer>) => {
    let answer = prepared.get(path);
    if (!answer) {
      prepared.set(path, (answer = prepare()));
      // A file that could not be read (a build replaced under a running server) is tried again next time.
      answer.catch(() => prepared.delete(path));
    }
    return answer;
  };
  app.get('/assets/*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === opts.assets.theme.url) {
      return sendStored(
        req,
        reply,
        await once(path, () => storeAnswer(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': IMMUTABLE }, opts.assets.theme.css)),
      );
    }
    const file = opts.assets.files.get(path);
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    return sendStored(req, reply, await once(path, () => prepareFile(file)));
  });
});
