import type { AdminRoleName } from './admin-role.js';

/**
 * Which customers an administrator reaches (docs/product.md, Administrators and roles): an `editor` with
 * only_assigned only those assigned to them; everyone else every customer (null). Every query of the admin list,
 * its bulk actions, the print sheet and the `/admin/customers/:id` loader takes it.
 */
export type CustomerScope = { assigneeId: number } | null;

export function customerScopeOf(admin: { id: number; role: AdminRoleName; onlyAssigned: boolean }): CustomerScope {
  return admin.role === 'editor' && admin.onlyAssigned ? { assigneeId: admin.id } : null;
}
