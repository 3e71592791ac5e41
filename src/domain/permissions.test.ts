import { describe, expect, it } from 'vitest';
import { accessPermissionsOf } from './permissions';
import { CONFIG_PERMISSION_AREAS, TEAM_ROLES } from './roles';

describe('a team role’s access permissions', () => {
  // covers 000-6.02 (the permission config's sub-areas, as the page context names them)
  it('are the permission config’s sub-areas the role has, in the seed’s order: orders and payments for those who run the store', () => {
    const admin = accessPermissionsOf(TEAM_ROLES.ADMIN);
    expect(admin).toEqual(CONFIG_PERMISSION_AREAS.filter((p) => p !== 'crm'));
    const store = accessPermissionsOf(TEAM_ROLES.STORE_MANAGER);
    expect(store).toContain('commerce-orders');
    expect(store).toContain('commerce-payments');
    const editor = accessPermissionsOf(TEAM_ROLES.EDITOR);
    expect(editor).toContain('content-manager');
    expect(editor).not.toContain('commerce-orders');
    expect(editor).not.toContain('commerce-payments');
  });
});
