/**
 * A company's template (docs/product.md, Companies): the values its members' cards share, each either locked (the
 * member cannot change it) or a default (shown until the member sets their own). Pure rules, no I/O.
 */
import { DEFAULT_BACKGROUND_COLOR } from '../shared/background-choices.js';

/** The template's text fields, by their form (and column) names, in the order the form shows them. */
export const TEMPLATE_FIELDS = [
  'company',
  'address_line',
  'district',
  'city',
  'postal_code',
  'website',
  'phone',
  'email',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export const TEMPLATE_LABELS: Readonly<Record<TemplateField, string>> = {
  company: 'İşletme adı',
  address_line: 'Adres',
  district: 'İlçe',
  city: 'İl',
  postal_code: 'Posta kodu',
  website: 'Web sitesi',
  phone: 'Telefon',
  email: 'E-posta',
};

/** The profile's property for each template field. */
/**
 * Everything a company may lock: the text fields, and the opening hours (`hours`), background and cover, which have
 * forms of their own and are not copied into the profile's text.
 */
export const TEMPLATE_LOCKS = [...TEMPLATE_FIELDS, 'hours', 'background', 'cover'] as const;
export type TemplateLock = (typeof TEMPLATE_LOCKS)[number];

export const PROFILE_KEY_OF = {
  company: 'company',
  address_line: 'addressLine',
  district: 'district',
  city: 'city',
  postal_code: 'postalCode',
  website: 'website',
  phone: 'phone',
  email: 'email',
} as const satisfies Record<TemplateField, string>;

/** What a member's refused change of a locked field reads. */
export const LOCKED_FIELD_MESSAGE = 'Bu alan firmanız tarafından belirlenir; değiştirilemez.';

export interface CompanyTemplate {
  companyId: number;
  /** Each field's value; null, not given. */
  values: Readonly<Record<TemplateField, string | null>>;
  locked: ReadonlySet<TemplateLock>;
  /** The logo's upload path; null, none. */
  logoPath: string | null;
  /** `#rrggbb` in place of the agency's accent on members' pages; null, the agency's. */
  accent: string | null;
  /** The page background, stored as a profile's (`background_type`, `background_value`); null, none. */
  background?: { type: string; value: string } | null;
  /** The cover, encoded as a profile's `cover_photo`; null, none. */
  cover?: string | null;
}

/** A profile's background before its owner chose one (the schema's default). */
export const UNCHOSEN_BACKGROUND = { type: 'color', value: DEFAULT_BACKGROUND_COLOR } as const;

export function isTemplateField(value: string): value is TemplateField {
  return (TEMPLATE_FIELDS as readonly string[]).includes(value);
}

function isTemplateLock(value: string): value is TemplateLock {
  return (TEMPLATE_LOCKS as readonly string[]).includes(value);
}

/** `companies.locked_fields` (comma-separated names) as a set; unknown names are dropped. */
export function parseLockedFields(raw: unknown): Set<TemplateLock> {
  const names = typeof raw === 'string' ? raw.split(',').map((name) => name.trim()) : [];
  return new Set(names.filter(isTemplateLock));
}

/** The set as `companies.locked_fields` stores it, in the forms' order. */
export function formatLockedFields(locked: ReadonlySet<TemplateLock>): string {
  return TEMPLATE_LOCKS.filter((field) => locked.has(field)).join(',');
}

/**
 * The locks after one form's save: those of `names` as the form sent them (`sent`), every other kept as it was, so
 * the text fields' form and the hours' form never undo each other's locks.
 */
export function mergeLocks(
  before: ReadonlySet<TemplateLock>,
  names: readonly TemplateLock[],
  sent: ReadonlySet<TemplateLock>,
): Set<TemplateLock> {
  return new Set(TEMPLATE_LOCKS.filter((name) => (names.includes(name) ? sent.has(name) : before.has(name))));
}

/**
 * What a member's card shows of something with a form of its own (the opening hours): locked, the company's (none
 * when it has none); a default, the member's own when they set any, else the company's.
 */
export function sharedOrOwn<T>(own: T | null, company: T | null, locked: boolean): T | null {
  return locked ? company : (own ?? company);
}

type ProfileValues = { [K in TemplateField as (typeof PROFILE_KEY_OF)[K]]: string | null };
type LookValues = { backgroundType: string; backgroundValue: string; coverPhoto: string | null };

/** The background and cover a member's card shows: sharedOrOwn of each, the unchosen default counting as none. */
function applyLook<P extends Partial<LookValues>>(effective: P, template: CompanyTemplate): void {
  if (effective.backgroundType !== undefined) {
    const own = { type: effective.backgroundType, value: effective.backgroundValue ?? '' };
    const unchosen = own.type === UNCHOSEN_BACKGROUND.type && own.value === UNCHOSEN_BACKGROUND.value;
    const shown =
      sharedOrOwn(unchosen ? null : own, template.background ?? null, template.locked.has('background')) ??
      UNCHOSEN_BACKGROUND;
    effective.backgroundType = shown.type as P['backgroundType'];
    effective.backgroundValue = shown.value as P['backgroundValue'];
  }
  if (effective.coverPhoto !== undefined) {
    const shown = sharedOrOwn(effective.coverPhoto, template.cover ?? null, template.locked.has('cover'));
    effective.coverPhoto = shown as P['coverPhoto'];
  }
}

/**
 * The errors of a member's change of their background (`background`) or cover (`cover`) when their company locked it,
 * keyed by the form's type field; empty when it is not locked (docs/product.md, Companies).
 */
export function lockedLookErrors(
  template: CompanyTemplate | null | undefined,
  lock: 'background' | 'cover',
): Record<string, string> {
  return template?.locked.has(lock) ? { [`${lock}_type`]: LOCKED_FIELD_MESSAGE } : {};
}

/**
 * The member's card as visitors see it: for each template field, a locked one is the template's value (even when it
 * is empty), a default one the member's own when set, else the template's. Everything else stays the member's.
 */
export function applyTemplate<P extends Partial<ProfileValues & LookValues>>(
  own: P,
  template: CompanyTemplate | null,
): P {
  if (!template) return own;
  const effective: P = { ...own };
  for (const field of TEMPLATE_FIELDS) {
    const key = PROFILE_KEY_OF[field];
    const fromTemplate = template.values[field];
    effective[key] = (template.locked.has(field) ? fromTemplate : (own[key] ?? fromTemplate)) as P[typeof key];
  }
  applyLook(effective, template);
  return effective;
}

/**
 * The locked fields a member's change would alter: each named in `changes` (form names) whose value differs from the
 * member's own stored one. A form that sends a locked field unchanged changes nothing.
 */
export function lockedFieldsChanged(
  changes: object,
  own: Readonly<Record<TemplateField, string | null>>,
  locked: ReadonlySet<TemplateLock>,
): TemplateField[] {
  return TEMPLATE_FIELDS.filter(
    (field) =>
      locked.has(field) &&
      field in changes &&
      ((changes as Record<string, unknown>)[field] ?? null) !== (own[field] ?? null),
  );
}

/**
 * The errors of a member's change that would alter a locked field of their company (`own`: the member's own profile
 * with its template), keyed by field; empty when it alters none.
 */
export function lockedFieldErrors(
  changes: object,
  own: ProfileValues & { template?: CompanyTemplate | null },
): Record<string, string> {
  if (!own.template) return {};
  const values = Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, own[PROFILE_KEY_OF[field]]]));
  const fields = lockedFieldsChanged(changes, values as Record<TemplateField, string | null>, own.template.locked);
  return Object.fromEntries(fields.map((field) => [field, LOCKED_FIELD_MESSAGE]));
}

/**
 * Where a company's uploads (its logo) are kept: a folder of the uploads' one namespace that no customer reaches, the
 * company's id past this base, so the storage drivers, the orphan sweep and the backups treat it as any other.
 */
export const COMPANY_UPLOADS_BASE = 900_000_000_000_000;

export function companyUploadsFolder(companyId: number): number {
  return COMPANY_UPLOADS_BASE + companyId;
}

/** Whether an uploads folder is a company's (its files are public: a logo on its members' pages). */
export function isCompanyUploadsFolder(folder: number): boolean {
  return folder > COMPANY_UPLOADS_BASE;
}
