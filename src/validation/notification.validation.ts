/** The owner's notification form (`POST /edit/{token}/notifications`): the address and the two choices. */
import { ValidationError } from '../errors.js';
import { cleanText, collect, fail } from './field-text.js';
import { normalizeEmailAddress } from './email.validation.js';

export const notificationMessages = {
  emailNeeded: 'Bildirim almak için bir e-posta adresi yazın.',
  choiceInvalid: 'Bu seçim geçersiz.',
} as const;

export interface NotificationForm {
  /** null: no address, every notification off. */
  email: string | null;
  onMessage: boolean;
  weekly: boolean;
  /** "Onay e-postasını yeniden gönder": the same address, a new link. */
  resend: boolean;
}

/** A checkbox: `1` (or `on`) when ticked, absent, empty or `0` when not; anything else is refused. */
function choice(body: Record<string, unknown>, field: string): boolean {
  const raw = body[field];
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1' || raw === 'on') return true;
  return fail(field, notificationMessages.choiceInvalid);
}

/** Every problem at once, keyed by field (422 with the form as typed). */
export function parseNotificationForm(body: Record<string, unknown>): NotificationForm {
  const errors: Record<string, string> = {};
  const onMessage = collect(errors, () => choice(body, 'on_message')) ?? false;
  const weekly = collect(errors, () => choice(body, 'weekly')) ?? false;
  const typed = cleanText(body.email);
  let email: string | null = null;
  if (typed === '') {
    if (onMessage || weekly) errors.email = notificationMessages.emailNeeded;
  } else {
    email = collect(errors, () => normalizeEmailAddress(typed, 'email', { unicodeLocal: true })) ?? null;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { email, onMessage, weekly, resend: body.resend === '1' };
}
