/**
 * The company template's form (docs/product.md, Companies): the business name and address, website, phone and
 * e-mail, each checked by the rule the owner's own forms use for it (profile.validation.ts), the accent as the
 * agency brand's (brand.validation.ts), and `lock_{field}` = `1` for each locked field.
 */
import { ValidationError } from '../errors.js';
import { TEMPLATE_FIELDS, type TemplateField } from '../domain/company-template.js';
import { parseAccent } from './brand.validation.js';
import { collect } from './field-text.js';
import { parseProfileText } from './profile.validation.js';

export interface TemplateInput {
  values: Record<TemplateField, string | null>;
  locked: Set<TemplateField>;
  accent: string | null;
}

/** The form as typed, to show it again with its errors. */
export interface TemplateFormValues {
  values: Record<TemplateField | 'accent', string>;
  locked: Set<TemplateField>;
}

const typed = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, 2100) : '');

export function lockedOf(body: Readonly<Record<string, unknown>>): Set<TemplateField> {
  return new Set(TEMPLATE_FIELDS.filter((field) => body[`lock_${field}`] === '1'));
}

export function templateFormValues(body: Readonly<Record<string, unknown>>): TemplateFormValues {
  const values = Object.fromEntries([...TEMPLATE_FIELDS, 'accent'].map((field) => [field, typed(body[field])]));
  return { values: values as TemplateFormValues['values'], locked: lockedOf(body) };
}

/** Every field's problem at once, keyed by its form name. */
export function parseTemplate(body: Readonly<Record<string, unknown>>): TemplateInput {
  const errors: Record<string, string> = {};
  const sent = Object.fromEntries(
    TEMPLATE_FIELDS.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']),
  );
  const text = collect(errors, () => parseProfileText(sent));
  const accent = collect(errors, () => parseAccent(body.accent, 'accent'));
  if (text === undefined || accent === undefined || Object.keys(errors).length > 0) throw new ValidationError(errors);
  const values = Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, text[field] ?? null]));
  return { values: values as TemplateInput['values'], locked: lockedOf(body), accent };
}
