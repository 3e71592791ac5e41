/**
 * A private S3-compatible server for a test file: the `s3rver` package (pure JavaScript, nothing
 * fetched) in a child Node process, on a free port of 127.0.0.1, storing in a temporary folder,
 * with one bucket made. A child because s3rver makes its list continuation tokens with DES, which
 * OpenSSL 3 leaves to its legacy provider: the child runs with --openssl-legacy-provider and the
 * test process keeps its defaults (its memory is then the stores' alone, too).
 *
 * s3rver 3.7 answers AbortMultipartUpload with 405 and ListMultipartUploads with 501; the child
 * answers both itself, as S3 does, from s3rver's folder of uploads in progress, so a test can see
 * that a failed put left no upload behind. It also mends two edges of s3rver's ranges (below).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials (it checks signatures against them). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '..');

/** Runs in the child (CommonJS, from the repository so `require` finds s3rver). */
const CHILD = String.raw`
const fs = require('node:fs/promises');
const path = require('node:path');
const S3rver = require('s3rver');
const { S3RVER_DIR: directory, S3RVER_BUCKET: bucket } = process.env;
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const uploads = () => server.store.getResourcePath(bucket, undefined, 'uploads');
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Its ranges go wrong at two edges S3 gets right: 'bytes=0-0' (read as the whole object) and a
// range of an empty object (answered 206 with a byte it does not send, not 416).
const S3Object = require('s3rver/lib/models/object');
const getObject = server.store.getObject.bind(server.store);
server.store.getObject = async (inBucket, key, options) => {
  if (!options || options.start === undefined) return getObject(inBucket, key, options);
  let metadata;
  try {
    metadata = await server.store.getMetadata(inBucket, key);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  const range = { start: options.start, end: Math.min(options.end ?? Infinity, Number(metadata['content-length']) - 1) };
  const file = server.store.getResourcePath(inBucket, key, 'object');
  const object = new S3Object(inBucket, key, range.start <= range.end ? require('node:fs').createReadStream(file, range) : null, metadata);
  object.range = range;
  return object;
};
server.middleware.unshift(async (ctx, next) => {
  const [, inBucket, ...key] = ctx.path.split('/');
  if (inBucket !== bucket) return next();
  if (ctx.method === 'DELETE' && key.length > 0 && typeof ctx.query.uploadId === 'string') {
    if (!/^[0-9a-f]+$/.test(ctx.query.uploadId)) return next();
    await fs.rm(path.join(uploads(), ctx.query.uploadId), { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  if (ctx.method === 'GET' && key.filter(Boolean).length === 0 && 'uploads' in ctx.query) {
    const ids = await fs.readdir(uploads()).catch(() => []);
    const items = await Promise.all(ids.map(async (id) => '<Upload><Key>' + escape(await fs.readFile(path.join(uploads(), id, 'key'), 'utf8')) + '</Key><UploadId>' + id + '</UploadId></Upload>'));
    ctx.type = 'application/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>' + bucket + '</Bucket><IsTruncated>false</IsTruncated>' + items.join('') + '</ListMultipartUploadsResult>';
    return;
  }
  return next();
});
server.run().then(({ port }) => process.stdout.write('listening ' + port + '\n'));
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

export async function startS3Server(bucket = 'openpress-test'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'openpress-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in 10 s:\n${out}`)), 10_000);
    const read = (d: Buffer) => {
      out += d.toString();
      const found = /listening (\d+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${out}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
