/** The browser build's files at /assets/… (content-hashed names, so cached for a year) and the theme stylesheet. */
import { readFile } from 'node:fs/promises';
import type { ClientAssets } from '../render/assets';
import { appPlugin } from './app-plugin';

export const staticAssetsPlugin = appPlugin('static-assets', async (app, opts: { assets: ClientAssets }) => {
  app.get('/assets/*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === opts.assets.theme.url) {
      return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(opts.assets.theme.css);
    }
    const file = opts.assets.files.get(path);
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(await readFile(file));
  });
});
