/**
 * The customer page's assignee form (docs/product.md, Administrators and roles): `admin_id`, an administrator's id, or
 * empty for nobody.
 */
import { ValidationError } from '../errors.js';

export const assigneeMessages = {
  unknown: 'Seçilen yönetici bulunamadı ya da pasif. Listeden etkin bir yönetici seçin.',
} as const;

const MAX_ID = 2_147_483_647;

/** The administrator's id, or null for nobody; anything else is refused with `unknown` on `admin_id`. */
export function parseAssignee(body: Record<string, unknown>): number | null {
  const raw = typeof body.admin_id === 'string' ? body.admin_id.trim() : body.admin_id;
  if (raw === '' || raw === undefined) return null;
  if (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID) return Number(raw);
  throw new ValidationError({ admin_id: assigneeMessages.unknown }, assigneeMessages.unknown);
}
