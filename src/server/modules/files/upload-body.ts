/**
 * An upload as the config area sends it: the file's bytes as the body (`application/octet-stream`,
 * streamed to the blob store as they arrive, never parsed or held whole), its name in
 * `X-File-Name` (percent-encoded, so any name fits a header), its declared type in `X-File-Type`.
 * The asset library and a digital product's download both take files so.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteFilesText } from '../../../messages/site-files';
import { FileRefusal } from './site-files';
import type { Upload } from './uploads';

/** Lets `scope`'s routes take a streamed body; an answer sent before the whole body arrived (a refusal) closes the connection. */
export function acceptUploads(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  scope.addHook('onSend', async (req, reply) => {
    if (!req.raw.complete) reply.header('connection', 'close');
  });
}

/** The upload's name as the browser sent it. */
function uploadName(req: FastifyRequest): string | undefined {
  const raw = req.headers['x-file-name'];
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    const name = decodeURIComponent(raw)
      .replace(/^.*[\\/]/, '')
      .trim();
    return name === '' ? undefined : name.slice(0, 255);
  } catch {
    return undefined;
  }
}

/** The request's upload; throws FileRefusal (415 without a streamed body, 400 without a name). */
export function uploadOf(req: FastifyRequest): Upload {
  const body = req.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function') throw new FileRefusal(415, siteFilesText.uploadNeedsName);
  const fileName = uploadName(req);
  if (!fileName) throw new FileRefusal(400, siteFilesText.uploadNeedsName);
  return { fileName, declaredType: typeof req.headers['x-file-type'] === 'string' ? req.headers['x-file-type'] : undefined, body };
}
