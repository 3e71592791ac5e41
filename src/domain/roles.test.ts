import { describe, expect, it } from 'vitest';
import { isTeamRole, isViewerOnly, PERMISSIONS, TEAM_ROLES, teamRoleName } from './roles';

describe('team roles', () => {
  // covers 000-6.01, 001-3.94
  it('are numbered ADMIN 1 to WEBSITE_MANAGER 15 without 5', () => {
    expect(TEAM_ROLES).toEqual({
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
    });
    expect(isTeamRole(5)).toBe(false);
    expect(teamRoleName(10)).toBe('VIEWER');
  });

  // related to 000-6.02 (the permission sub-areas are not asserted here)
  // related to 000-6.03 (the internal support rights are not asserted here)
  it('has the config (1) and admin (2) permissions', () => {
    expect(PERMISSIONS).toEqual({ CONFIG: 1, ADMIN: 2 });
  });

  // constants and helpers for 000-2.26, 000-6.04, 000-6.05 (the browser behaviour is left to end-to-end tests)
  it('tells a viewer-only member apart', () => {
    expect(isViewerOnly([TEAM_ROLES.VIEWER])).toBe(true);
    expect(isViewerOnly([TEAM_ROLES.VIEWER, TEAM_ROLES.VIEWER])).toBe(true);
    expect(isViewerOnly([TEAM_ROLES.VIEWER, TEAM_ROLES.EDITOR])).toBe(false);
    expect(isViewerOnly([TEAM_ROLES.ADMIN])).toBe(false);
    expect(isViewerOnly([])).toBe(false);
  });
});
