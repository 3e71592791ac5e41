/**
 * Signed download links (000-1.09: a digital product is delivered as a link): `/downloads/{token}`,
 * where the token is a grant for one order line's file — site, order, line, a digest of the file's
 * name and an expiry — signed with HMAC-SHA256 under a server secret every app server shares. A
 * link works for DOWNLOAD_LINK_DAYS from when it was made (the email's from its sending, the order
 * page's each time it is shown); then, or forged, or for a cancelled order, it opens nothing.
 * The signature is checked in constant time before anything else is read.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../../db/client';
import { CHECKOUT_PATHS } from '../../../domain/checkout/paths';
import type { BlobStore } from '../../blobs/store';
import { serverSecret } from '../../secrets/server-secrets';
import { fileBytes, fileNamed, fileSize } from '../files';
import { orderLineDownload, type DownloadGrant } from '../orders';

/** How long a download link works: a week, long enough for an email read late, short enough that a forwarded link dies. */
export const DOWNLOAD_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET_NAME = 'download_link_secret';
/** Signatures are over this prefix and the payload, so a token made for something else never passes. */
const PURPOSE = 'download:v1:';

type Claims = [websiteId: string, orderId: string, line: number, fileDigest: string, expiresAt: number];

const fileDigest = (file: string) => createHash('sha256').update(file).digest('base64url').slice(0, 16);
const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();

/** Makes and reads tokens under one secret (pure: the tests make expired and tampered ones with it). */
export function downloadTokens(secret: string) {
  return {
    make(grant: DownloadGrant, now: Date = new Date()): string {
      const claims: Claims = [
        grant.websiteId,
        grant.orderId,
        grant.line,
        fileDigest(grant.file),
        Math.floor((now.getTime() + DOWNLOAD_LINK_DAYS * DAY_MS) / 1000),
      ];
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(secret, payload).toString('base64url')}`;
    },
    /** The grant a token carries, 'expired' for a genuine one past its time, undefined for anything else. */
    read(token: string, now: Date = new Date()): (Omit<DownloadGrant, 'file'> & { fileDigest: string }) | 'expired' | undefined {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(secret, payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
      const [websiteId, orderId, line, digest, expiresAt] = claims;
      if (expiresAt * 1000 <= now.getTime()) return 'expired';
      return { websiteId, orderId, line, fileDigest: digest };
    },
  };
}

const tokensOf = async (db: Db) => downloadTokens(await serverSecret(db, SECRET_NAME));

/** The path of a signed link to one order line's file, working for DOWNLOAD_LINK_DAYS from `now`. */
export async function downloadLink(db: Db, grant: DownloadGrant, now: Date = new Date()): Promise<string> {
  return CHECKOUT_PATHS.download((await tokensOf(db)).make(grant, now));
}

/** For the order emails: links made under the shared secret, and how long they work. */
export function downloadLinks(db: Db): { path(grant: DownloadGrant): Promise<string>; days: number } {
  return { path: (grant) => downloadLink(db, grant), days: DOWNLOAD_LINK_DAYS };
}

export type OpenedDownload = { name: string; contentType: string; size: number; body: Readable };

/**
 * A link's file, for the site it was asked on: 'gone' when the link has expired or its order was
 * cancelled, undefined when it is forged, of another site, or its file no longer exists.
 */
export async function openDownload(
  deps: { db: Db; blobs: BlobStore },
  websiteId: string,
  token: string,
  now: Date = new Date(),
): Promise<OpenedDownload | 'gone' | undefined> {
  const grant = (await tokensOf(deps.db)).read(token, now);
  if (grant === 'expired') return 'gone';
  if (!grant || grant.websiteId !== websiteId) return undefined;
  const line = await orderLineDownload(deps.db, websiteId, grant.orderId, grant.line);
  if (!line?.file || fileDigest(line.file) !== grant.fileDigest) return undefined;
  if (line.canceled) return 'gone';
  const file = await fileNamed(deps.db, websiteId, line.file, 'private');
  const body = file && (await fileBytes(deps.blobs, file));
  if (!file || !body) return undefined;
  return { name: file.name, contentType: file.contentType, size: fileSize(file), body };
}
