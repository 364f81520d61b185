import { ValidationError } from '../errors.js';
import { administratorEmail } from '../domain/admin-email.js';
import { passwordProblem, strengthMessages } from '../domain/password-strength.js';

export const messages = {
  ...strengthMessages,
  emailRequired: 'E-posta adresinizi yazın.',
  emailInvalid: 'Bu bir e-posta adresine benzemiyor. Örnek: ad@ajansiniz.com',
  passwordRequired: 'Yeni şifrenizi yazın.',
  mismatch: 'Şifreler birbiriyle eşleşmiyor. İkisini de aynı yazın.',
} as const;

/**
 * The address a link is asked for, in the one form sign-in looks it up (domain/admin-email.ts),
 * so the answer and the throttle's counter are the same however it is typed. Only the shape is
 * checked: whether it is an administrator's is never told.
 */
export function parseForgotEmail(body: Record<string, unknown>): string {
  const typed = typeof body.email === 'string' ? body.email.trim() : '';
  if (typed === '') throw new ValidationError({ email: messages.emailRequired });
  const email = administratorEmail(typed);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ValidationError({ email: messages.emailInvalid });
  return email;
}

/** The new password of a reset: the rules of the password change (domain/password-strength.ts), typed twice alike. */
export function parseNewPassword(body: Record<string, unknown>, email: string): string {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  const password = text('password');
  if (password === '') throw new ValidationError({ password: messages.passwordRequired });
  const problem = passwordProblem(password, email);
  if (problem) throw new ValidationError({ password: problem });
  if (password !== text('password_confirm')) throw new ValidationError({ password_confirm: messages.mismatch });
  return password;
}
