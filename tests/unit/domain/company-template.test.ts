import { describe, expect, it } from 'vitest';
import {
  applyTemplate,
  companyUploadsFolder,
  formatLockedFields,
  isCompanyUploadsFolder,
  LOCKED_FIELD_MESSAGE,
  lockedFieldErrors,
  parseLockedFields,
  TEMPLATE_FIELDS,
  type CompanyTemplate,
  type TemplateField,
} from '../../../src/domain/company-template.js';

const empty = Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, null])) as Record<TemplateField, string | null>;
const template = (values: Partial<Record<TemplateField, string | null>>, locked: TemplateField[]): CompanyTemplate => ({
  companyId: 7,
  values: { ...empty, ...values },
  locked: new Set(locked),
  logoPath: null,
  accent: null,
});
const own = {
  company: null,
  addressLine: 'Kendi Sok. 1',
  district: null,
  city: 'Bursa',
  postalCode: null,
  website: null,
  phone: '+905321112233',
  email: null,
  title: 'Hekim',
};

describe('applyTemplate', () => {
  it('puts a locked value over the member’s own, even an empty one, and a default under it', () => {
    const shown = applyTemplate(
      own,
      template({ address_line: 'Klinik Cad. 9', city: 'İzmir', company: 'Mavi' }, ['address_line', 'phone']),
    );
    expect(shown).toMatchObject({
      addressLine: 'Klinik Cad. 9',
      phone: null,
      city: 'Bursa',
      company: 'Mavi',
      title: 'Hekim',
    });
  });

  it('leaves a profile without a company as it is', () => {
    expect(applyTemplate(own, null)).toBe(own);
  });
});

describe('lockedFieldErrors', () => {
  const mine = { ...own, template: template({}, ['address_line', 'phone']) };

  it('refuses a change of a locked field, keyed by its form name', () => {
    expect(lockedFieldErrors({ address_line: 'Başka', city: 'Ankara' }, mine)).toEqual({
      address_line: LOCKED_FIELD_MESSAGE,
    });
    expect(lockedFieldErrors({ phone: null }, mine)).toEqual({ phone: LOCKED_FIELD_MESSAGE });
  });

  it('lets through a locked field sent unchanged, a default field, and any field without a company', () => {
    expect(lockedFieldErrors({ address_line: 'Kendi Sok. 1', city: 'Ankara' }, mine)).toEqual({});
    expect(lockedFieldErrors({ address_line: 'Başka' }, own)).toEqual({});
  });
});

describe('the stored locks and the uploads folder', () => {
  it('reads and writes locked_fields in the form’s order, dropping unknown names', () => {
    const locked = parseLockedFields('phone, company,bio,,address_line');
    expect([...locked].sort()).toEqual(['address_line', 'company', 'phone']);
    expect(formatLockedFields(locked)).toBe('company,address_line,phone');
    expect(parseLockedFields(null).size).toBe(0);
  });

  it('keeps a company’s uploads in a folder no customer reaches', () => {
    expect(isCompanyUploadsFolder(companyUploadsFolder(1))).toBe(true);
    expect(isCompanyUploadsFolder(2_147_483_647)).toBe(false);
    expect(String(companyUploadsFolder(2_147_483_647))).toMatch(/^\d{1,15}$/);
  });
});
