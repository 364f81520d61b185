/**
 * The administrators' roles (docs/product.md, Administrators and roles), most powerful first: a `sahip` (owner) may
 * do everything, a `yonetici` (manager) all customer work with deletes and exports, an `editor` the everyday
 * customer work. A role may do what every role after it may.
 */
export const ADMIN_ROLES = ['sahip', 'yonetici', 'editor'] as const;

export type AdminRoleName = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRoleName {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `needed` may (`sahip` > `yonetici` > `editor`). */
export function roleAllows(role: AdminRoleName, needed: AdminRoleName): boolean {
  return ADMIN_ROLES.indexOf(role) <= ADMIN_ROLES.indexOf(needed);
}

/**
 * A role as the activity log records it: an editor of only their assigned customers is `editor-atanan`, so an entry
 * says which kind of editor acted or was made.
 */
export function recordedRole(role: AdminRoleName, onlyAssigned: boolean): string {
  return role === 'editor' && onlyAssigned ? 'editor-atanan' : role;
}

/** What a role's pages offer (docs/product.md): deletes, data exports, assigning customers, and the settings. */
export interface RoleAbilities {
  deleteCustomers: boolean;
  exportData: boolean;
  assignCustomers: boolean;
  settings: boolean;
}

export function abilitiesOf(role: AdminRoleName): RoleAbilities {
  return {
    deleteCustomers: roleAllows(role, 'yonetici'),
    exportData: roleAllows(role, 'yonetici'),
    assignCustomers: roleAllows(role, 'yonetici'),
    settings: roleAllows(role, 'sahip'),
  };
}
