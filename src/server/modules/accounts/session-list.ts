/**
 * What team members' and customers' lists of their own sessions share: the User-Agent kept from
 * sign-in, the opaque id that names a session in the API, and a session as the list shows it.
 * Session ids are stored only hashed; the opaque id is derived from that hash, so neither the
 * cookie value nor the stored hash ever leaves the server, and an id means nothing on its own.
 */
import { createHash } from 'node:crypto';
import { describeUserAgent } from '../../../domain/user-agent';

/** Longer values are cut: the list needs the browser's and system's names, which come first. */
export const USER_AGENT_MAX = 512;

export function storedUserAgent(userAgent: string | undefined): string | null {
  return userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null;
}

export function sessionHandle(idHash: string): string {
  return createHash('sha256').update(`session-handle\n${idHash}`).digest('base64url').slice(0, 22);
}

export type SessionListing = { id: string; browser: string; system: string; signedInAt: string; lastSeenAt: string; current: boolean };

export function sessionListing(
  row: { idHash: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date },
  currentHash: string | undefined,
): SessionListing {
  return {
    id: sessionHandle(row.idHash),
    ...describeUserAgent(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.idHash === currentHash,
  };
}

/** The current session first, then the most recently seen. */
export function byRecency(a: SessionListing, b: SessionListing): number {
  return Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt);
}

/** The stored hash of the session an opaque id names, among the account's own sessions. */
export function hashForHandle(idHashes: readonly string[], handle: string): string | undefined {
  return idHashes.find((idHash) => sessionHandle(idHash) === handle);
}
