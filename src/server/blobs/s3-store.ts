/**
 * The S3 blob store (FILE_STORE=s3): a blob is the object `${S3_PREFIX}{websiteId}/{path}` in one
 * bucket of AWS S3 or any S3-compatible service (S3_ENDPOINT: MinIO, R2 …), shared by any number of
 * app servers. A put streams the body up as it arrives, in one PutObject when it is small and in a
 * multipart upload otherwise, so no more than a few parts are in memory at once; a body that fails
 * or passes `maxBytes` aborts the upload, and the object (old or none) stays as it was, since S3
 * makes an object visible only once it is complete.
 *
 * Checksums are sent and checked only where S3 requires them, as emulators and other services
 * often reject the SDK's newer defaults; each body's SHA-256 is ours, computed as it passes.
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertListArgs, BodyMeter, meteredPieces } from './body';
import { assertBlobKey, copyEach, validBlobKey, type BlobKey, type BlobStore } from './store';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  /** Unset: the SDK's own chain (environment, shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Put before every object key, as given (`openpress/` keeps the objects under a folder). */
  prefix: string;
};

export type S3StoreOptions = {
  /** A multipart upload's part size (5 MiB, S3's least, by default); a body smaller than one part is one PutObject. */
  partBytes?: number;
  /** Parts uploading at once for one put. */
  partsAtOnce?: number;
};

const DELETE_BATCH = 1000;
const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

export function s3BlobStore(settings: S3Settings, options: S3StoreOptions = {}): BlobStore {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.credentials) config.credentials = settings.credentials;
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  const objectKey = (key: BlobKey) => {
    assertBlobKey(key);
    return `${settings.prefix}${key.websiteId}/${key.path}`;
  };

  async function stat(key: BlobKey): Promise<{ size: number } | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (status(error) === 404) return undefined;
      throw error;
    }
  }

  return {
    kind: 's3',

    async put(key, body, opts) {
      const Key = objectKey(key);
      const meter = new BodyMeter(opts?.maxBytes);
      // The body's own failure (or the refusal) is what the caller hears, not the upload's report of it.
      let failure: { error: unknown } | undefined;
      async function* pieces() {
        try {
          yield* meteredPieces(body, meter);
        } catch (error) {
          failure = { error };
          throw error;
        }
      }
      const source = Readable.from(pieces(), { objectMode: false });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: source, ContentType: opts?.contentType },
        partSize: options.partBytes ?? 5 * 1024 * 1024,
        queueSize: options.partsAtOnce ?? 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // S3 refused a part: stop reading (the caller's body itself is left alone).
        source.destroy();
        throw failure ? failure.error : error;
      }
      if (failure) throw failure.error;
      return meter.result();
    },

    async get(key, range) {
      const Key = objectKey(key);
      const empty = async () => ((await stat(key)) ? Readable.from([], { objectMode: false }) : undefined);
      // S3 ignores a range that ends before it starts and sends the whole object: no bytes is the answer.
      if (range && range.end < Math.max(0, range.start)) return empty();
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${Math.max(0, range.start)}-${range.end}` : undefined }));
        return answer.Body as Readable;
      } catch (error) {
        if (status(error) === 404) return undefined;
        // 416: the range starts past the end of an object (an empty one, say).
        if (status(error) === 416) return empty();
        throw error;
      }
    },

    stat,

    copyMany(pairs) {
      return copyEach(this, pairs);
    },

    async copy(from, to) {
      // S3 refuses to copy an object onto itself unchanged.
      if (objectKey(from) === objectKey(to)) return stat(from);
      // A server-side copy (one request up to S3's 5 GiB, far past any upload here), keeping the content type.
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: objectKey(to), CopySource: `${Bucket}/${objectKey(from)}` }));
      } catch (error) {
        if (status(error) === 404 || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
      return stat(to);
    },

    async delete(keys) {
      const objects = keys.map((key) => ({ Key: objectKey(key) }));
      for (let i = 0; i < objects.length; i += DELETE_BATCH) {
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects.slice(i, i + DELETE_BATCH), Quiet: true } }));
        const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0) throw new Error(`S3 did not delete ${failed.length} object(s): ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`.trim());
      }
    },

    async *list(websiteId, prefix = '') {
      assertListArgs(websiteId, prefix);
      const site = `${settings.prefix}${websiteId}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${site}${prefix}`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const path = object.Key?.slice(site.length);
          // Objects someone else put under the prefix that are no blob key are not ours to list.
          if (path !== undefined && validBlobKey({ websiteId, path })) yield { websiteId, path };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async close() {
      client.destroy();
    },
  };
}
