import { administratorEmail } from '../domain/admin-email.js';
import { isAdminRole, type AdminRoleName } from '../domain/admin-role.js';
import { ValidationError } from '../errors.js';
import { normalizeEmailAddress } from './email.validation.js';
import { cleanText, codePoints } from './field-text.js';
import { parseNewPassword } from './password-reset.validation.js';

export const messages = {
  badRole: 'Geçersiz rol. Sahip, Yönetici veya Editör seçin.',
  nameRequired: 'Adınızı yazın.',
  nameTooLong: 'Ad en fazla 120 karakter olabilir.',
} as const;

const NAME_MAX = 120;

/** The invite form, as typed: kept to show again beside its errors. */
export interface InviteForm {
  email: string;
  role: string;
  onlyAssigned: boolean;
}

export function inviteFormOf(body: Record<string, unknown>): InviteForm {
  return {
    email: typeof body.email === 'string' ? body.email.trim().slice(0, 254) : '',
    role: typeof body.role === 'string' ? body.role : '',
    onlyAssigned: body.only_assigned === '1',
  };
}

/**
 * The invite form: an address mail can be sent to (validation/email.validation.ts), stored in sign-in's one form
 * (domain/admin-email.ts), and one of the roles.
 */
export function parseInvite(form: InviteForm): { email: string; role: AdminRoleName; onlyAssigned: boolean } {
  const errors: Record<string, string> = {};
  let email = '';
  try {
    email = administratorEmail(normalizeEmailAddress(form.email, 'email'));
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.fields);
  }
  if (!isAdminRole(form.role)) errors.role = messages.badRole;
  if (Object.keys(errors).length > 0 || !isAdminRole(form.role)) throw new ValidationError(errors);
  return { email, role: form.role, onlyAssigned: form.onlyAssigned };
}

/** The invitee's name and password: the password rules of a reset (domain/password-strength.ts), typed twice. */
export function parseAcceptance(body: Record<string, unknown>, email: string): { name: string; password: string } {
  const name = cleanText(body.name);
  if (name === '') throw new ValidationError({ name: messages.nameRequired });
  if (codePoints(name) > NAME_MAX) throw new ValidationError({ name: messages.nameTooLong });
  return { name, password: parseNewPassword(body, email) };
}
