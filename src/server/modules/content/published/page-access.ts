/**
 * Password-protected pages (seed 000 §2 lock screen 103, protected content 105): a visitor who gives
 * a page's password gets it remembered in a signed cookie for the browser session, at most
 * UNLOCK_HOURS per page. Each entry carries a tag of the page's password hash, so changing the
 * password locks everyone out again. The cookie names pages, never passwords, and is signed for
 * its site: a copy of a site (same page ids, same password hash) does not accept another's cookie.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const UNLOCK_COOKIE = 'op_unlocked';
export const UNLOCK_HOURS = 12;
/** Pages a cookie remembers; the oldest goes first. */
const MAX_ENTRIES = 20;

type Entry = { pageId: string; tag: string; expires: number };

const passwordTag = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 8);

export function unlockTools(secret: string) {
  const sign = (websiteId: string, body: string) => createHmac('sha256', secret).update(`unlock:${websiteId}:${body}`).digest('base64url').slice(0, 22);

  const read = (cookie: string | undefined, websiteId: string): Entry[] => {
    if (!cookie || cookie.length > 2000) return [];
    const dot = cookie.lastIndexOf('.');
    if (dot < 0) return [];
    const body = cookie.slice(0, dot);
    const mac = Buffer.from(cookie.slice(dot + 1));
    const expected = Buffer.from(sign(websiteId, body));
    if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return [];
    const now = Math.floor(Date.now() / 1000);
    return body
      .split('~')
      .map((part) => {
        const [pageId = '', tag = '', expires = '0'] = part.split(':');
        return { pageId, tag, expires: Number(expires) };
      })
      .filter((e) => /^[0-9a-f]{24}$/.test(e.pageId) && e.expires > now);
  };

  return {
    isUnlocked(cookie: string | undefined, websiteId: string, pageId: string, passwordHash: string): boolean {
      const tag = passwordTag(passwordHash);
      return read(cookie, websiteId).some((e) => e.pageId === pageId && e.tag === tag);
    },
    /** The cookie value with this page of this site added (or renewed). */
    add(cookie: string | undefined, websiteId: string, pageId: string, passwordHash: string): string {
      const expires = Math.floor(Date.now() / 1000) + UNLOCK_HOURS * 3600;
      const entries = [...read(cookie, websiteId).filter((e) => e.pageId !== pageId), { pageId, tag: passwordTag(passwordHash), expires }].slice(-MAX_ENTRIES);
      const body = entries.map((e) => `${e.pageId}:${e.tag}:${e.expires}`).join('~');
      return `${body}.${sign(websiteId, body)}`;
    },
  };
}
