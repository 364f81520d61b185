import type { LeadFields, LeadSettings } from '../repositories/lead-settings.repository.js';
import { LEAD_LIMITS } from '../domain/lead-notice.js';
import { translatorFor, type Translator } from '../i18n/translator.js';

/** The visitor's contact form as one response shows it: empty, refused with what was typed, or sent. */
export interface LeadFormState {
  values: Readonly<Record<'name' | 'phone' | 'email' | 'note', string>>;
  consent: boolean;
  /** Field → message in the page's language; `_` for a refusal of the whole form (the stamp, the limit). */
  errors: Readonly<Record<string, string>>;
  sent: boolean;
}

/** The contact form's status (a refusal's summary or the thanks): the fragment its post answers with, focusable. */
export const LEAD_STATUS_ID = 'lead-durum';

export const EMPTY_LEAD_FORM: LeadFormState = {
  values: { name: '', phone: '', email: '', note: '' },
  consent: false,
  errors: {},
  sent: false,
};

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
  /**
   * Why the form came back: a refusal of the whole form (the stamp, the limit, a changed notice), or that fields are
   * marked.
   */
  summary: string | null;
  /** The id of the status element the post's answer lands on (its `#` in the action and the redirect). */
  statusId: string;
}

export function presentLeadForm(
  slug: string,
  settings: LeadSettings | null,
  state: LeadFormState,
  translator: Translator = translatorFor('tr'),
): LeadFormView | null {
  if (!settings?.enabled) return null;
  const refused = Object.keys(state.errors).length > 0;
  const summary = state.errors._ ?? (refused ? translator.t('forms.lead.fieldsRefused') : null);
  return {
    // The refused page comes back at the form, not 800 px above it on a phone.
    action: `/${slug}/leads#${LEAD_STATUS_ID}`,
    noticeUrl: translator.lang === 'tr' ? `/${slug}/aydinlatma` : `/${slug}/aydinlatma?dil=${translator.lang}`,
    prompt: settings.prompt || translator.t('forms.lead.prompt'),
    fields: settings.fields,
    noticeVersion: settings.noticeVersion,
    limits: LEAD_LIMITS,
    state,
    open: refused,
    summary,
    statusId: LEAD_STATUS_ID,
  };
}

/** The typed values of a refused form, as strings to show again. */
export function typedLeadForm(body: Record<string, unknown>, errors: Readonly<Record<string, string>>): LeadFormState {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  return {
    values: { name: text('name'), phone: text('phone'), email: text('email'), note: text('note') },
    consent: body.consent === '1',
    errors,
    sent: false,
  };
}
