/**
 * Team member roles and permission areas (seed 000 §6, restated in seed 001 §3), and the one rule
 * about them the seeds fix: a member whose only role is VIEWER is treated as a visitor by the
 * owner redirect and by tracking.
 */
import { teamRoles } from '../messages/team-roles';

/** There is no role 5. */
export const TEAM_ROLES = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
  WEBSITE_MANAGER: 15,
} as const;

export type TeamRoleName = keyof typeof TEAM_ROLES;
export type TeamRole = (typeof TEAM_ROLES)[TeamRoleName];

const roleNames = new Map<number, TeamRoleName>(Object.entries(TEAM_ROLES).map(([name, n]) => [n, name as TeamRoleName]));

export function teamRoleName(n: number): TeamRoleName | undefined {
  return roleNames.get(n);
}

/** A role by the name owners read ('Store manager'); the number itself when it is no role. */
export function teamRoleLabel(n: number): string {
  const name = roleNames.get(n);
  return name ? teamRoles[name] : String(n);
}

export function isTeamRole(n: number): n is TeamRole {
  return roleNames.has(n);
}

/** Seed 000 §6: top-level permission numbers. */
export const PERMISSIONS = { CONFIG: 1, ADMIN: 2 } as const;

/** Seed 000 §6: the sub-areas of the config permission, as named there. */
/** Seed 000 §6: the commerce sub-areas of the config permission, in the order it names them. */
export const COMMERCE_PERMISSION_AREAS = [
  'commerce-orders',
  'commerce-shipping',
  'commerce-coupons',
  'commerce-taxes',
  'commerce-inventory',
  'commerce-donations',
  'commerce-discounts',
  'commerce-payments',
  'commerce-pos',
  'commerce-reviews',
] as const;

export const CONFIG_PERMISSION_AREAS = [
  'content-manager',
  'settings',
  'activity',
  ...COMMERCE_PERMISSION_AREAS,
  'newsletter-subscriber-read',
  'newsletter-subscriber-write',
  'newsletter-group-read',
  'newsletter-group-write',
  'newsletter-message-read',
  'newsletter-message-write',
  'newsletter-settings-read',
  'newsletter-settings-write',
  'crm',
  'marketing',
  'scheduling',
] as const;
export type ConfigPermissionArea = (typeof CONFIG_PERMISSION_AREAS)[number];

/** Seed 000 §6: the internal support rights of the admin permission the seed names. */
export const ADMIN_PERMISSION_RIGHTS = ['grant-access', 'billing', 'login-as', 'domains', 'fraud-detection'] as const;

/** Seed 000 §2, §6: the member has roles and every one of them is VIEWER. */
export function isViewerOnly(roles: readonly number[]): boolean {
  return roles.length > 0 && roles.every((r) => r === TEAM_ROLES.VIEWER);
}
