import { describe, expect, it } from 'vitest';
import { abilitiesOf, ADMIN_ROLES, isAdminRole, roleAllows } from '../../../src/domain/admin-role.js';

describe('administrator roles (docs/product.md, Administrators and roles)', () => {
  it('orders sahip over yonetici over editor: a role may do what every lesser one may', () => {
    const allowed = ADMIN_ROLES.flatMap((role) =>
      ADMIN_ROLES.filter((needed) => roleAllows(role, needed)).map((needed) => `${role}>=${needed}`),
    );
    expect(allowed).toEqual([
      'sahip>=sahip',
      'sahip>=yonetici',
      'sahip>=editor',
      'yonetici>=yonetici',
      'yonetici>=editor',
      'editor>=editor',
    ]);
  });

  it('knows the three roles and nothing else', () => {
    expect(ADMIN_ROLES.filter(isAdminRole)).toEqual(['sahip', 'yonetici', 'editor']);
    expect(['any', 'Sahip', '', null, 1].filter(isAdminRole)).toEqual([]);
  });

  it('offers deletes, exports and assigning from yonetici up, the settings to the sahip alone', () => {
    const lesser = { deleteCustomers: false, exportData: false, assignCustomers: false, settings: false };
    expect(abilitiesOf('editor')).toEqual(lesser);
    const manager = { deleteCustomers: true, exportData: true, assignCustomers: true, settings: false };
    expect(abilitiesOf('yonetici')).toEqual(manager);
    expect(abilitiesOf('sahip')).toEqual({ ...manager, settings: true });
  });
});
