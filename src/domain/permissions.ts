/**
 * What each team role may do in a site's config area. The seeds fix the roles (000 §6) and name the
 * config sub-areas but not who may do what; this map is ours (docs/permissions.md has it as a
 * table). Used by the server on every config call and by the config area to show only what a role
 * may use.
 */
import { COMMERCE_PERMISSION_AREAS, CONFIG_PERMISSION_AREAS, TEAM_ROLES, type ConfigPermissionArea, type TeamRole } from './roles';

/**
 * Seed 000 §6's commerce sub-areas, named as it names them (docs/decisions/0313-store-sub-areas.md:
 * products, categories, inventory, shops and product CSV are `commerce-inventory`; the store
 * settings `commerce-payments`).
 */
export const COMMERCE_AREAS = COMMERCE_PERMISSION_AREAS;
export type CommerceArea = (typeof COMMERCE_AREAS)[number];

export const CONFIG_AREAS = [
  'pages',
  'design',
  ...COMMERCE_AREAS,
  'forms',
  'analytics',
  'settings',
  /** Where the site's email goes out (its SMTP server and credentials): ADMIN only, docs/permissions.md. */
  'mail',
  'team',
  'billing',
  'comments',
  'scheduling',
  'campaigns',
  'activity',
  /** Moving the whole site: import and export of the site document. */
  'transfer',
  /** The site's background jobs (emails and the like), including failed ones to retry. */
  'system',
] as const;
export type ConfigArea = (typeof CONFIG_AREAS)[number];
export type Access = 'read' | 'write';

type Grants = Partial<Record<ConfigArea, Access>>;

/** Every commerce sub-area at one access. */
const commerce = (access: Access): Grants => Object.fromEntries(COMMERCE_AREAS.map((a) => [a, access])) as Grants;

const ALL_WRITE: Grants = Object.fromEntries(CONFIG_AREAS.map((a) => [a, 'write'])) as Grants;

export const ROLE_PERMISSIONS: Readonly<Record<TeamRole, Grants>> = {
  [TEAM_ROLES.ADMIN]: ALL_WRITE,
  [TEAM_ROLES.WEBSITE_MANAGER]: {
    pages: 'write',
    design: 'write',
    ...commerce('write'),
    forms: 'write',
    analytics: 'read',
    settings: 'write',
    team: 'read',
    comments: 'write',
    scheduling: 'write',
    campaigns: 'write',
    activity: 'read',
  },
  [TEAM_ROLES.BILLING]: { billing: 'write', settings: 'read' },
  [TEAM_ROLES.REPORTING]: { analytics: 'read' },
  [TEAM_ROLES.EDITOR]: { pages: 'write', design: 'write', forms: 'read', comments: 'write' },
  [TEAM_ROLES.MODERATOR]: { comments: 'write' },
  [TEAM_ROLES.COMMENTER]: { comments: 'read' },
  [TEAM_ROLES.STORE_MANAGER]: { ...commerce('write'), pages: 'read', analytics: 'read' },
  [TEAM_ROLES.SCHEDULING]: { scheduling: 'write' },
  [TEAM_ROLES.VIEWER]: {
    pages: 'read',
    design: 'read',
    ...commerce('read'),
    forms: 'read',
    analytics: 'read',
    settings: 'read',
    comments: 'read',
    scheduling: 'read',
    campaigns: 'read',
  },
  [TEAM_ROLES.CAMPAIGNS_EDITOR]: { campaigns: 'write', forms: 'read' },
  [TEAM_ROLES.SCHEDULING_VIEWER]: { scheduling: 'read' },
  [TEAM_ROLES.SCHEDULING_EDITOR]: { scheduling: 'write' },
  [TEAM_ROLES.NONE]: {},
};

/** Whether `role` may read (or write) `area`; write implies read. */
export function canAccess(role: number, area: ConfigArea, access: Access): boolean {
  const granted = (ROLE_PERMISSIONS as Record<number, Grants | undefined>)[role]?.[area];
  return granted === 'write' || (granted === 'read' && access === 'read');
}

/** The areas a role sees in the config area's navigation. */
export function visibleAreas(role: number): ConfigArea[] {
  return CONFIG_AREAS.filter((a) => canAccess(role, a, 'read'));
}

/**
 * Seed 000 §6's permission config names the area each of its sub-areas is ours under: the content
 * manager is pages, the newsletter's are the forms area (where the sign-up forms and their lists
 * are), marketing is campaigns; the commerce sub-areas, settings, activity and scheduling are
 * areas of their own. CRM has no area yet: no role is granted it.
 */
const PERMISSION_AREA: Record<ConfigPermissionArea, { area: ConfigArea; access: Access } | null> = {
  'content-manager': { area: 'pages', access: 'read' },
  settings: { area: 'settings', access: 'read' },
  activity: { area: 'activity', access: 'read' },
  ...(Object.fromEntries(COMMERCE_AREAS.map((a) => [a, { area: a, access: 'read' }])) as Record<CommerceArea, { area: ConfigArea; access: Access }>),
  'newsletter-subscriber-read': { area: 'forms', access: 'read' },
  'newsletter-subscriber-write': { area: 'forms', access: 'write' },
  'newsletter-group-read': { area: 'forms', access: 'read' },
  'newsletter-group-write': { area: 'forms', access: 'write' },
  'newsletter-message-read': { area: 'forms', access: 'read' },
  'newsletter-message-write': { area: 'forms', access: 'write' },
  'newsletter-settings-read': { area: 'forms', access: 'read' },
  'newsletter-settings-write': { area: 'forms', access: 'write' },
  crm: null,
  marketing: { area: 'campaigns', access: 'read' },
  scheduling: { area: 'scheduling', access: 'read' },
};

/** The page context's `accessPermissions` (seed 000 §2, §6): the permission config's sub-areas a team role has, in the seed's order. */
export function accessPermissionsOf(role: number): ConfigPermissionArea[] {
  return CONFIG_PERMISSION_AREAS.filter((p) => {
    const grant = PERMISSION_AREA[p];
    return grant !== null && canAccess(role, grant.area, grant.access);
  });
}
