import type { Response } from 'express';
import type { ActivityActor } from '../domain/admin-activity.js';
import { isAdminRole, type AdminRoleName } from '../domain/admin-role.js';
import { customerScopeOf, type CustomerScope } from '../domain/customer-scope.js';

/**
 * The signed-in administrator (set by middleware/require-admin.ts), for the activity log; none outside the admin
 * routes.
 */
export function actingAdmin(res: Response): ActivityActor {
  const admin = res.locals.currentAdmin as { id: number; email: string } | undefined;
  return admin ? { id: admin.id, email: admin.email } : { id: null, email: null };
}

/** The signed-in administrator's role; the least one outside the admin routes. */
export function actingRole(res: Response): AdminRoleName {
  const role = (res.locals.currentAdmin as { role?: unknown } | undefined)?.role;
  return isAdminRole(role) ? role : 'editor';
}

/**
 * The customers the signed-in administrator reaches (domain/customer-scope.ts); outside the admin routes (the owner's
 * print kit) every customer, the edit token having named its own.
 */
export function actingScope(res: Response): CustomerScope {
  const admin = res.locals.currentAdmin as { id: number; onlyAssigned?: unknown } | undefined;
  if (!admin) return null;
  return customerScopeOf({ id: admin.id, role: actingRole(res), onlyAssigned: admin.onlyAssigned === true });
}

/** Whether a route shared with the owner (the print kit) was reached by an administrator. */
export function isAdminRequest(res: Response): boolean {
  return res.locals.currentAdmin !== undefined;
}
