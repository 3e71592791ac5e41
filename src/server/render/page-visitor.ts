/**
 * Who asks for a published page, as far as the page depends on it: the page-level islands this
 * visitor gets (logout notice, team member, escape-key sign-in), the visitor facts of the page
 * context, the signed-in customer, and whether they may open a page that is not public.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { PageAccess } from '../../document/schema';
import { TEAM_ROLES } from '../../domain/roles';
import { QUERY } from '../../domain/routes';
import { MEMBER_COOKIE, memberForSession, roleOn, SESSION_COOKIE, signedInAccount, type MemberSession } from '../modules/accounts';
import { UNLOCK_COOKIE, type unlockTools } from '../modules/content';
import { siteSettings, type WebsiteRow } from '../modules/sites';
import type { PageIsland } from './page';
import type { PageVisitor } from './page-context';
import type { AccessDecision } from './site-page';

/**
 * Page-level behaviour for this visitor. The logout notice on `logout=true` (seed 000 §2). A
 * signed-in team member gets the team-member island (the config redirect, Escape to the config
 * area, Shift+Escape to log out: seed 000 §2, §4); its data holds what the browser cannot know.
 * Anyone else gets the escape-key sign-in when the site allows it. The page itself is the same
 * for every visitor with the same islands, so it is cached per island set. The visitor facts of
 * the page context (page-context.ts): the team role (already in the island set) and a signed-in
 * customer's account id (looked up only when the member cookie is present; such pages are not cached).
 */
export async function visitorIslands(
  db: Db,
  req: FastifyRequest,
  site: WebsiteRow,
  params: URLSearchParams,
): Promise<{ islands: PageIsland[]; visitor: PageVisitor; member: MemberSession | undefined }> {
  const islands: PageIsland[] = [];
  const visitor: PageVisitor = {};
  if (params.get(QUERY.LOGOUT) === 'true') islands.push({ name: 'logout-notice' });
  const settings = siteSettings(site);
  const account = req.cookies[SESSION_COOKIE] ? await signedInAccount(db, req) : undefined;
  const role = account ? await roleOn(db, site.id, account.id) : undefined;
  if (role !== undefined && role !== TEAM_ROLES.NONE) {
    visitor.teamRole = role;
    islands.push({
      name: 'team-member',
      data: { role: String(role), 'developer-mode': String(!!settings.developerMode), cloneable: String(!!settings.cloneable) },
    });
  } else if (settings.escapeKeyLogin) {
    islands.push({ name: 'escape-login' });
  }
  const member = req.cookies[MEMBER_COOKIE] ? await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE]) : undefined;
  if (member) visitor.memberAccountId = member.user.id;
  return { islands, visitor, member };
}

/** Members-only pages need a signed-in customer (`member`, looked up once a request); password pages an unlock cookie for the current password. */
export function pageAccess(
  unlocks: ReturnType<typeof unlockTools>,
  req: FastifyRequest,
  member: MemberSession | undefined,
  page: { id: string; access: PageAccess },
  websiteId: string,
): AccessDecision {
  if (page.access.type === 'members') return member ? 'allow' : 'denied';
  if (page.access.type === 'password') return unlocks.isUnlocked(req.cookies[UNLOCK_COOKIE], websiteId, page.id, page.access.passwordHash) ? 'allow' : 'locked';
  return 'allow';
}
