import { ValidationError } from '../errors.js';
import { passwordProblem, strengthMessages } from '../domain/password-strength.js';

export const messages = {
  ...strengthMessages,
  mismatch: 'Yeni şifreler birbiriyle eşleşmiyor.',
  wrongCurrent: 'Mevcut şifre hatalı.',
  sameAsOld: 'Yeni şifre eskisiyle aynı olamaz.',
} as const;

export interface PasswordChangeInput {
  current: string;
  next: string;
  endOtherSessions: boolean;
}

export function parsePasswordChange(body: Record<string, unknown>, email: string): PasswordChangeInput {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  const input = {
    current: text('current_password'),
    next: text('new_password'),
    endOtherSessions: body.end_other_sessions === '1',
  };
  const errors: Record<string, string> = {};
  if (!input.current) errors.current_password = messages.wrongCurrent;
  const problem = passwordProblem(input.next, email);
  if (problem) errors.new_password = problem;
  else if (input.next !== text('new_password_confirm')) errors.new_password_confirm = messages.mismatch;
  else if (input.next === input.current) errors.new_password = messages.sameAsOld;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}
