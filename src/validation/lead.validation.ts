/** The contact-exchange forms: the owner's settings and the visitor's lead (docs/product.md, Contact exchange). */
import { LEAD_LIMITS, LEAD_RETENTION_MONTHS, type LeadRetentionMonths } from '../domain/lead-notice.js';
import { ValidationError } from '../errors.js';
import type { NewLead } from '../repositories/lead.repository.js';
import type { LeadFields, LeadSettingsInput } from '../repositories/lead-settings.repository.js';
import { normalizeEmailAddress } from './email.validation.js';
import { cleanText, codePoints, collect, TEXT_FORBIDDEN } from './field-text.js';
import { normalizePhoneNumber } from './phone.validation.js';

export const messages = {
  fieldsRequired: 'Telefon ve e-postadan en az birini seçin: ziyaretçiye ulaşabilmeniz için gerekli.',
  promptTooLong: `Davet metni en fazla ${LEAD_LIMITS.prompt} karakter olabilir.`,
  noticeRequired: 'Aydınlatma metni boş bırakılamaz.',
  noticeTooLong: `Aydınlatma metni en fazla ${LEAD_LIMITS.notice} karakter olabilir.`,
  retentionInvalid: 'Saklama süresi olarak 3, 6 veya 12 ay seçin.',
  textInvalid: 'Bu metin kullanılamayan karakterler içeriyor.',
  nameRequired: 'Lütfen adınızı yazın.',
  nameTooLong: `Ad en fazla ${LEAD_LIMITS.name} karakter olabilir.`,
  contactRequired: 'Size ulaşabilmemiz için telefon numaranızı veya e-posta adresinizi yazın.',
  phoneRequired: 'Lütfen telefon numaranızı yazın.',
  emailRequired: 'Lütfen e-posta adresinizi yazın.',
  noteTooLong: `Not en fazla ${LEAD_LIMITS.note} karakter olabilir.`,
  consentRequired: 'Bilgilerinizi bırakmak için iletişime geçilmesine açık rıza verdiğinizi işaretleyin.',
} as const;

/** A checkbox group's values: one string, several, or none. */
function valuesOf(raw: unknown): string[] {
  if (typeof raw === 'string') return [raw];
  return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
}

/** Text of at most `max` characters without control characters; newlines kept when `multiline`. */
function boundedText(raw: unknown, max: number, tooLong: string, multiline = false): string {
  const value = cleanText(raw).replace(/\r\n?/g, '\n');
  const checked = multiline ? value.replace(/[\n\t]/g, ' ') : value;
  if (TEXT_FORBIDDEN.test(checked)) throw new ValidationError({ _: messages.textInvalid });
  if (codePoints(value) > max) throw new ValidationError({ _: tooLong });
  return value;
}

/** Runs a check for `field`, its refusal keyed by that field. */
function check<T>(errors: Record<string, string>, field: string, work: () => T): T | undefined {
  const found: Record<string, string> = {};
  const value = collect(found, work);
  const message = Object.values(found)[0];
  if (message) errors[field] = message;
  return value;
}

/**
 * `POST /edit/{token}/leads/settings`: `enabled`, `fields` (phone, email, note), `prompt`, `notice`,
 * `retention_months`.
 */
export function parseLeadSettings(body: Record<string, unknown>): LeadSettingsInput {
  const errors: Record<string, string> = {};
  const chosen = new Set(valuesOf(body.fields));
  const fields: LeadFields = { phone: chosen.has('phone'), email: chosen.has('email'), note: chosen.has('note') };
  if (!fields.phone && !fields.email) errors.fields = messages.fieldsRequired;
  const prompt =
    check(errors, 'prompt', () => boundedText(body.prompt, LEAD_LIMITS.prompt, messages.promptTooLong)) ?? '';
  const notice =
    check(errors, 'notice', () => boundedText(body.notice, LEAD_LIMITS.notice, messages.noticeTooLong, true)) ?? '';
  if (!errors.notice && notice === '') errors.notice = messages.noticeRequired;
  const months = Number(body.retention_months);
  if (!(LEAD_RETENTION_MONTHS as readonly number[]).includes(months))
    errors.retention_months = messages.retentionInvalid;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { enabled: body.enabled === '1', fields, prompt, notice, retentionMonths: months as LeadRetentionMonths };
}

/**
 * `POST /{slug}/leads`: the name always; the phone and e-mail the owner asks for (with both asked,
 * one of them is enough); the note when asked; the consent box ticked. Every problem at once.
 */
export function parseLead(body: Record<string, unknown>, fields: LeadFields): NewLead {
  const errors: Record<string, string> = {};
  const name = check(errors, 'name', () => boundedText(body.name, LEAD_LIMITS.name, messages.nameTooLong)) ?? '';
  if (!errors.name && name === '') errors.name = messages.nameRequired;
  const given = (field: 'phone' | 'email') => fields[field] && cleanText(body[field]) !== '';
  const phone = given('phone')
    ? (check(errors, 'phone', () => normalizePhoneNumber(cleanText(body.phone), 'phone')) ?? null)
    : null;
  const email = given('email')
    ? (check(errors, 'email', () => normalizeEmailAddress(cleanText(body.email), 'email')) ?? null)
    : null;
  if (!given('phone') && !given('email')) {
    if (fields.phone && fields.email) errors.phone = messages.contactRequired;
    else if (fields.phone) errors.phone = messages.phoneRequired;
    else errors.email = messages.emailRequired;
  }
  const note = fields.note
    ? (check(errors, 'note', () => boundedText(body.note, LEAD_LIMITS.note, messages.noteTooLong, true)) ?? '')
    : '';
  if (body.consent !== '1') errors.consent = messages.consentRequired;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { name, phone, email, note: note || null };
}
