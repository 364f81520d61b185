import type { LeadFields, LeadSettings } from '../repositories/lead-settings.repository.js';
import { LEAD_LIMITS } from '../domain/lead-notice.js';

/** The visitor's contact form as one response shows it: empty, refused with what was typed, or sent. */
export interface LeadFormState {
  values: Readonly<Record<'name' | 'phone' | 'email' | 'note', string>>;
  consent: boolean;
  /** Field → message; `_` for a refusal of the whole form (the stamp, the limit). */
  errors: Readonly<Record<string, string>>;
  sent: boolean;
}

export const EMPTY_LEAD_FORM: LeadFormState = { values: { name: '', phone: '', email: '', note: '' }, consent: false, errors: {}, sent: false };

/** What views/profile/lead-form.ejs needs; null when the owner has not turned the form on. */
export interface LeadFormView {
  action: string;
  noticeUrl: string;
  prompt: string;
  fields: LeadFields;
  noticeVersion: number;
  limits: typeof LEAD_LIMITS;
  state: LeadFormState;
  /** Opened (the `<details>`) when it has something to say: a refusal. */
  open: boolean;
  /** A refusal of the whole form (the stamp, the limit, a changed notice); a field's shows under it. */
  summary: string | null;
}

export function presentLeadForm(slug: string, settings: LeadSettings | null, state: LeadFormState): LeadFormView | null {
  if (!settings?.enabled) return null;
  const summary = state.errors._ ?? null;
  return {
    action: `/${slug}/leads`,
    noticeUrl: `/${slug}/aydinlatma`,
    prompt: settings.prompt || 'Bilgilerinizi bırakın, size dönüş yapalım.',
    fields: settings.fields,
    noticeVersion: settings.noticeVersion,
    limits: LEAD_LIMITS,
    state,
    open: Object.keys(state.errors).length > 0,
    summary,
  };
}

/** The typed values of a refused form, as strings to show again. */
export function typedLeadForm(body: Record<string, unknown>, errors: Readonly<Record<string, string>>): LeadFormState {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  return {
    values: { name: text('name'), phone: text('phone'), email: text('email'), note: text('note') },
    consent: body.consent === '1',
    errors,
    sent: false,
  };
}
