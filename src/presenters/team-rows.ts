import type { AdminRoleName } from '../domain/admin-role.js';
import { formatDateTime } from '../lib/dates.js';
import type { Administrator } from '../repositories/administrator.repository.js';

/** The roles as the team page names them (docs/product.md, Administrators and roles). */
export const ROLE_LABELS: Record<AdminRoleName, string> = { sahip: 'Sahip', yonetici: 'Yönetici', editor: 'Editör' };

export const ONLY_ASSIGNED_LABEL = 'yalnızca atanan müşteriler';

/** One administrator's row on the team page. */
export interface TeamRow {
  id: number;
  email: string;
  name: string | null;
  role: AdminRoleName;
  roleLabel: string;
  onlyAssigned: boolean;
  secondFactor: boolean;
  /** The last sign-in as people in Turkey read it; null before the first. */
  lastSignIn: string | null;
  lastSignInIso: string | null;
  isActive: boolean;
  /** The viewer's own row: no forms (a sahip neither deactivates nor demotes themselves here). */
  self: boolean;
}

export function teamRows(administrators: readonly Administrator[], viewerId: number, timeZone: string): TeamRow[] {
  return administrators.map((a) => ({
    id: a.id,
    email: a.email,
    name: a.name,
    role: a.role,
    roleLabel: a.onlyAssigned ? `${ROLE_LABELS[a.role]} (${ONLY_ASSIGNED_LABEL})` : ROLE_LABELS[a.role],
    onlyAssigned: a.onlyAssigned,
    secondFactor: a.totpEnabledAt !== null,
    lastSignIn: a.lastSignInAt === null ? null : formatDateTime(a.lastSignInAt, timeZone),
    lastSignInIso: a.lastSignInAt === null ? null : new Date(a.lastSignInAt).toISOString(),
    isActive: a.isActive,
    self: a.id === viewerId,
  }));
}

/** An open invitation on the team page; `expired` ones say so until they are replaced or taken back. */
export interface InvitationRow {
  id: number;
  email: string;
  roleLabel: string;
  expiresOn: string;
  expiresIso: string;
  expired: boolean;
}

export function invitationRows(
  invitations: ReadonlyArray<{
    id: number;
    email: string;
    role: AdminRoleName;
    onlyAssigned: boolean;
    expiresAt: number;
  }>,
  now: number,
  timeZone: string,
): InvitationRow[] {
  return invitations.map((i) => ({
    id: i.id,
    email: i.email,
    roleLabel: i.onlyAssigned ? `${ROLE_LABELS[i.role]} (${ONLY_ASSIGNED_LABEL})` : ROLE_LABELS[i.role],
    expiresOn: formatDateTime(i.expiresAt, timeZone),
    expiresIso: new Date(i.expiresAt).toISOString(),
    expired: i.expiresAt <= now,
  }));
}
