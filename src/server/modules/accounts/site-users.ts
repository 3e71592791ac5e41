/**
 * Customers: visitors with an account on one published site (seed 001 §3, §7 site users). Sign-up
 * emails a verification link, and sign-in waits until it has been opened; a forgotten password is
 * reset by an emailed link. Sessions live in PostgreSQL like team sessions: the cookie holds a
 * random id, the table its hash, and each session has an xsrf token (only its hash is stored) that
 * the browser sends back in a header on the customer's own state-changing calls. The customer sees
 * their sessions (browser and system from the User-Agent kept at sign-in), can sign one out or
 * every other one, and change the password (the current one needed); a password change ends every
 * other session, a reset by emailed link every session, and both email the customer.
 *
 * Asking to sign up with an address that already has an account, or to reset the password of an
 * address that has none, answers exactly like the ordinary case, so the form cannot be used to
 * find out who has an account; the mail that goes out tells the owner of the address what happened.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { siteUserSessions, siteUsers, siteUserTokens } from './schema/customers';
import { enqueueEmail } from '../../mail/mailer';
import { AccountSecurityError, checkCurrentPassword } from './account-security';
import { normalizeEmail } from './accounts';
import { hashPassword, newPasswordRefusal, unmatchableHash, verifyPassword } from './passwords/passwords';
import type { Limit, RateLimitStore } from '../../rate-limits/rate-limit';
import { enqueueSecurityNotice, type SecurityChange } from './security-notices';
import { byRecency, hashForHandle, sessionListing, storedUserAgent, type SessionListing } from './session-list';
import { authentication } from '../../../messages/authentication';
import { members } from '../../../messages/members';
import { emails } from '../../../messages/emails';
import { format } from '../../../messages/format';

export const MEMBER_COOKIE = 'op_member';
export const XSRF_HEADER = 'x-siteuser-xsrf-token';
/** Without 'remember me' a session is a browser-session cookie that still ends after a day idle. */
export const MEMBER_IDLE_MS = 24 * 60 * 60 * 1000;
/** With 'remember me' the cookie and the session last 30 days, idle or not. */
export const MEMBER_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const VERIFY_VALID_MS = 48 * 60 * 60 * 1000;
export const RESET_VALID_MS = 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export class SiteUserError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 = 400,
  ) {
    super(message);
  }
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const token = () => randomBytes(24).toString('base64url');

export type SiteUser = { id: string; email: string; displayName: string | null };

/** Links in emails, from the site's own address. `forgotUrl` is where someone who did not make a change starts over. */
export type Links = { verifyUrl: (token: string) => string; resetUrl: (token: string) => string; loginUrl: string; forgotUrl: string };

type Site = { id: string; title: string };

async function checkNewPassword(password: string, email: string, site: Site) {
  const refusal = await newPasswordRefusal(password, { email, siteName: site.title });
  if (refusal) throw new SiteUserError(refusal);
}

/** Ends the customer's other sessions (all of them without `keepHash`) and emails them about the change. */
async function securityChanged(
  tx: Executor,
  change: SecurityChange,
  user: { id: string; email: string },
  site: Site,
  links: Links,
  keepHash: string | undefined,
) {
  await endOtherMemberSessions(tx, user.id, keepHash);
  await enqueueSecurityNotice(tx, change, { websiteId: site.id, to: user.email, accountOf: `your account on ${site.title}`, reviewUrl: links.forgotUrl });
}

export async function signUp(
  db: Db,
  site: { id: string; title: string },
  input: { email: string; password: string; displayName?: string | undefined },
  links: Links,
): Promise<void> {
  const email = normalizeEmail(input.email);
  await checkNewPassword(input.password, email, site);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.id), eq(siteUsers.email, email)))
      .for('update');
    if (existing?.verifiedAt) {
      await enqueueEmail(tx, site.id, {
        to: email,
        subject: format(emails.memberExistsSubject, { site: site.title }),
        text: format(emails.memberExists, { site: site.title, url: links.loginUrl }),
      });
      return;
    }
    let id = existing?.id;
    if (existing) {
      // Not yet verified: the newest sign-up's password and name count, and a new link goes out.
      await tx
        .update(siteUsers)
        .set({ passwordHash, displayName: input.displayName ?? null })
        .where(eq(siteUsers.id, existing.id));
    } else {
      id = randomBytes(12).toString('hex');
      await tx.insert(siteUsers).values({ id, websiteId: site.id, email, passwordHash, displayName: input.displayName ?? null });
    }
    const verify = token();
    await tx.insert(siteUserTokens).values({ tokenHash: hash(verify), siteUserId: id!, purpose: 'verify', expiresAt: new Date(Date.now() + VERIFY_VALID_MS) });
    await enqueueEmail(tx, site.id, {
      to: email,
      subject: format(emails.memberVerifySubject, { site: site.title }),
      text: format(emails.memberVerify, { site: site.title, url: links.verifyUrl(verify) }),
    });
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Spends an emailed token of this purpose on this site: answers its customer, or throws `expired`. */
async function spendToken(tx: Tx, websiteId: string, given: string, purpose: 'verify' | 'reset', expired: string) {
  const [row] = await tx
    .select({ token: siteUserTokens, user: siteUsers })
    .from(siteUserTokens)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserTokens.siteUserId))
    .where(
      and(
        eq(siteUserTokens.tokenHash, hash(given)),
        eq(siteUserTokens.purpose, purpose),
        eq(siteUsers.websiteId, websiteId),
        isNull(siteUserTokens.usedAt),
        gt(siteUserTokens.expiresAt, new Date()),
      ),
    )
    .for('update');
  if (!row) throw new SiteUserError(expired);
  await tx.update(siteUserTokens).set({ usedAt: new Date() }).where(eq(siteUserTokens.tokenHash, row.token.tokenHash));
  return row.user;
}

/** Opens a verification link; answers the customer it verified. */
export async function verifyEmail(db: Db, websiteId: string, given: string): Promise<SiteUser> {
  return db.transaction(async (tx) => {
    const user = await spendToken(tx, websiteId, given, 'verify', members.confirmLinkExpired);
    if (!user.verifiedAt) await tx.update(siteUsers).set({ verifiedAt: new Date() }).where(eq(siteUsers.id, user.id));
    return { id: user.id, email: user.email, displayName: user.displayName };
  });
}

/** Checks email and password; answers the customer, or throws 401 (wrong) or 403 (not yet verified). */
export async function checkCredentials(db: Db, websiteId: string, email: string, password: string): Promise<SiteUser> {
  const [user] = await db
    .select()
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, normalizeEmail(email))));
  const ok = await verifyPassword(password, user?.passwordHash ?? unmatchableHash());
  if (!user || !ok) throw new SiteUserError(authentication.emailOrPasswordIncorrect, 401);
  if (!user.verifiedAt) throw new SiteUserError(members.confirmEmailFirst, 403);
  return { id: user.id, email: user.email, displayName: user.displayName };
}

export async function startMemberSession(
  db: Db,
  siteUserId: string,
  rememberMe: boolean,
  userAgent: string | undefined,
): Promise<{ id: string; xsrfToken: string; maxAgeMs?: number }> {
  const id = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  const lifetime = rememberMe ? MEMBER_REMEMBER_MS : MEMBER_IDLE_MS;
  await db.insert(siteUserSessions).values({
    idHash: hash(id),
    siteUserId,
    xsrfHash: hash(xsrfToken),
    rememberMe,
    expiresAt: new Date(Date.now() + lifetime),
    userAgent: storedUserAgent(userAgent),
  });
  return { id, xsrfToken, ...(rememberMe ? { maxAgeMs: MEMBER_REMEMBER_MS } : {}) };
}

export type MemberSession = { user: SiteUser; idHash: string; xsrfHash: string };

/** The customer signed in on this site with this cookie value, if the session is still good. */
export async function memberForSession(db: Db, websiteId: string, id: string | undefined): Promise<MemberSession | undefined> {
  if (!id || id.length > 100) return undefined;
  const idHash = hash(id);
  const now = Date.now();
  const [row] = await db
    .select({ session: siteUserSessions, user: siteUsers })
    .from(siteUserSessions)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.siteUserId))
    .where(and(eq(siteUserSessions.idHash, idHash), eq(siteUsers.websiteId, websiteId), gt(siteUserSessions.expiresAt, new Date(now))));
  if (!row) return undefined;
  const { session } = row;
  if (!session.rememberMe && now - session.lastSeenAt.getTime() > MEMBER_IDLE_MS) return undefined;
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const extended = session.rememberMe ? {} : { expiresAt: new Date(now + MEMBER_IDLE_MS) };
    await db
      .update(siteUserSessions)
      .set({ lastSeenAt: new Date(now), ...extended })
      .where(eq(siteUserSessions.idHash, idHash));
  }
  return { user: { id: row.user.id, email: row.user.email, displayName: row.user.displayName }, idHash, xsrfHash: session.xsrfHash };
}

/** Whether the header's token is this session's xsrf token. */
export function xsrfMatches(session: MemberSession, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(hash(given));
  const b = Buffer.from(session.xsrfHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A fresh xsrf token for a session whose browser lost its copy (another tab, cleared storage). */
export async function renewXsrf(db: Db, session: MemberSession): Promise<string> {
  const xsrfToken = randomBytes(24).toString('base64url');
  await db
    .update(siteUserSessions)
    .set({ xsrfHash: hash(xsrfToken) })
    .where(eq(siteUserSessions.idHash, session.idHash));
  return xsrfToken;
}

export async function endMemberSession(db: Db, id: string | undefined): Promise<void> {
  if (!id) return;
  await db.delete(siteUserSessions).where(eq(siteUserSessions.idHash, hash(id)));
}

export async function requestMemberPasswordReset(db: Db, site: Site, email: string, links: Links): Promise<void> {
  const [user] = await db
    .select()
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, site.id), eq(siteUsers.email, normalizeEmail(email))));
  if (!user) return;
  const reset = token();
  await db.transaction(async (tx) => {
    await tx.insert(siteUserTokens).values({ tokenHash: hash(reset), siteUserId: user.id, purpose: 'reset', expiresAt: new Date(Date.now() + RESET_VALID_MS) });
    await enqueueEmail(tx, site.id, {
      to: user.email,
      subject: format(emails.memberResetSubject, { site: site.title }),
      text: format(emails.memberReset, { site: site.title, url: links.resetUrl(reset) }),
    });
  });
}

const RESET_EXPIRED = authentication.linkExpired;

/** Sets the new password, confirms the address (the link proved it), ends every session of the customer and emails them. */
export async function completeMemberPasswordReset(db: Db, site: Site, given: string, password: string, links: Links): Promise<void> {
  const [holder] = await db
    .select({ email: siteUsers.email })
    .from(siteUserTokens)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserTokens.siteUserId))
    .where(
      and(
        eq(siteUserTokens.tokenHash, hash(given)),
        eq(siteUserTokens.purpose, 'reset'),
        eq(siteUsers.websiteId, site.id),
        isNull(siteUserTokens.usedAt),
        gt(siteUserTokens.expiresAt, new Date()),
      ),
    );
  if (!holder) throw new SiteUserError(RESET_EXPIRED);
  await checkNewPassword(password, holder.email, site);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const user = await spendToken(tx, site.id, given, 'reset', RESET_EXPIRED);
    await tx
      .update(siteUsers)
      .set({ passwordHash, verifiedAt: user.verifiedAt ?? new Date() })
      .where(eq(siteUsers.id, user.id));
    await securityChanged(tx, 'passwordReset', user, site, links, undefined);
  });
}

/** Tries at a customer's current password when changing it: 5 in 15 minutes per customer. */
export const memberCurrentPasswordLimits = (siteUserId: string): Limit[] => [
  { key: `member-current-password:${siteUserId}`, max: 5, windowMs: 15 * 60 * 1000 },
];

/** The customer changes their own password: the current one first, then the rule for new ones. This session stays signed in. */
export async function changeMemberPassword(
  db: Db,
  rateLimits: RateLimitStore,
  site: Site,
  session: MemberSession,
  current: string,
  next: string,
  links: Links,
): Promise<void> {
  const [user] = await db.select().from(siteUsers).where(eq(siteUsers.id, session.user.id));
  if (!user) throw new SiteUserError(authentication.signInToContinue, 401);
  await checkCurrentPassword(rateLimits, memberCurrentPasswordLimits(user.id), user.passwordHash, current);
  const refusal = await newPasswordRefusal(next, { email: user.email, siteName: site.title });
  if (refusal) throw new AccountSecurityError(refusal, 'newPassword');
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(siteUsers).set({ passwordHash }).where(eq(siteUsers.id, user.id));
    await securityChanged(tx, 'passwordChanged', user, site, links, session.idHash);
  });
}

const liveMemberSession = (now: number) =>
  and(
    gt(siteUserSessions.expiresAt, new Date(now)),
    or(eq(siteUserSessions.rememberMe, true), gt(siteUserSessions.lastSeenAt, new Date(now - MEMBER_IDLE_MS))),
  );

/** The customer's live sessions, this one marked. */
export async function memberSessionsOf(db: Db, session: MemberSession): Promise<SessionListing[]> {
  const rows = await db
    .select()
    .from(siteUserSessions)
    .where(and(eq(siteUserSessions.siteUserId, session.user.id), liveMemberSession(Date.now())));
  return rows.map((row) => sessionListing(row, session.idHash)).sort(byRecency);
}

/** Ends one of the customer's own sessions, named by its opaque id; false when they have no such session. */
export async function endMemberSessionByHandle(db: Db, siteUserId: string, handle: string): Promise<boolean> {
  const own = await db.select({ idHash: siteUserSessions.idHash }).from(siteUserSessions).where(eq(siteUserSessions.siteUserId, siteUserId));
  const idHash = hashForHandle(
    own.map((s) => s.idHash),
    handle,
  );
  if (!idHash) return false;
  const ended = await db
    .delete(siteUserSessions)
    .where(and(eq(siteUserSessions.siteUserId, siteUserId), eq(siteUserSessions.idHash, idHash)))
    .returning({ idHash: siteUserSessions.idHash });
  return ended.length > 0;
}

/** Ends every session of the customer but the one with this hash (every one without it); answers how many ended. */
export async function endOtherMemberSessions(db: Executor, siteUserId: string, keepHash: string | undefined): Promise<number> {
  const mine = eq(siteUserSessions.siteUserId, siteUserId);
  const ended = await db
    .delete(siteUserSessions)
    .where(keepHash ? and(mine, ne(siteUserSessions.idHash, keepHash)) : mine)
    .returning({ idHash: siteUserSessions.idHash });
  return ended.length;
}

export async function updateMemberProfile(db: Db, siteUserId: string, displayName: string | null): Promise<void> {
  await db.update(siteUsers).set({ displayName }).where(eq(siteUsers.id, siteUserId));
}

/** A verified customer made directly (the demo site's sample customer, the command line). */
export async function createVerifiedSiteUser(db: Db, websiteId: string, email: string, password: string, displayName?: string): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await db.insert(siteUsers).values({
    id,
    websiteId,
    email: normalizeEmail(email),
    passwordHash: await hashPassword(password),
    displayName: displayName ?? null,
    verifiedAt: new Date(),
  });
  return id;
}

export async function pruneMemberSessions(db: Db): Promise<void> {
  await db.delete(siteUserSessions).where(lt(siteUserSessions.expiresAt, new Date()));
  await db.delete(siteUserTokens).where(lt(siteUserTokens.expiresAt, new Date()));
}
