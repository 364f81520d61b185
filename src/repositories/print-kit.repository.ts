import type { Knex } from 'knex';
import { toBool, toInt } from './rows.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { applyTemplate } from '../domain/company-template.js';
import { applyCustomerScope } from './customer-filter.js';
import { templateFromRow, templateSelect } from './company-template.repository.js';

/** What a printed card needs of a customer: the name, the address of the page, and the business on the card. */
export interface PrintCustomer {
  id: number;
  name: string;
  surname: string;
  slug: string;
  company: string | null;
  title: string | null;
  addressLine: string | null;
  district: string | null;
  city: string | null;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
  isPhoneVisible: boolean;
  isEmailVisible: boolean;
  /** Public path of the stored 400x400 JPEG, or null. */
  profilePhoto: string | null;
  isProfileVisible: boolean;
}

/** A customer named on the question before printing passive customers' cards. */
export interface PassiveCustomer {
  id: number;
  name: string;
  surname: string;
  slug: string;
}

const COLUMNS = [
  'customers.id',
  'customers.name',
  'customers.surname',
  'customers.slug',
  'p.company',
  'p.title',
  'p.address_line',
  'p.district',
  'p.city',
  'p.postal_code',
  'p.phone',
  'p.email',
  'p.is_phone_visible',
  'p.is_email_visible',
  'p.profile_photo',
  'p.is_profile_visible',
] as const;

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The customers a print kit or an A4 sheet of business cards prints, in one query. */
export class PrintKitRepository {
  constructor(private readonly db: Knex) {}

  /**
   * The passive customers among these ids that `scope` reaches (domain/customer-scope.ts), in the order of `ids`: their
   * cards lead to a closed page.
   */
  async passiveAmong(ids: readonly number[], scope: CustomerScope = null): Promise<PassiveCustomer[]> {
    if (ids.length === 0) return [];
    const rows = (await applyCustomerScope(this.db('customers'), scope)
      .whereIn('id', ids)
      .where('is_active', false)
      .select('id', 'name', 'surname', 'slug')) as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((row) => [toInt(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id, name: String(row.name), surname: String(row.surname), slug: String(row.slug) }] : [];
    });
  }

  /** The customers with these ids that exist and `scope` reaches, in the order of `ids`. */
  async customersByIds(ids: readonly number[], scope: CustomerScope = null): Promise<PrintCustomer[]> {
    if (ids.length === 0) return [];
    const rows = (await applyCustomerScope(this.db('customers'), scope)
      .leftJoin('customer_profiles as p', 'p.customer_id', 'customers.id')
      .leftJoin('companies', 'companies.id', 'customers.company_id')
      .whereIn('customers.id', ids)
      .select(...COLUMNS, templateSelect(TEMPLATE_PREFIX))) as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((row) => [toInt(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPrintCustomer(id, row)] : [];
    });
  }
}

/** The prefix of the company template's columns read beside a customer. */
const TEMPLATE_PREFIX = 'tpl_';

/** A company member's card prints the company's values over their own (domain/company-template.ts). */
function toPrintCustomer(id: number, row: Record<string, unknown>): PrintCustomer {
  return applyTemplate(ownPrintCustomer(id, row), templateFromRow(row, TEMPLATE_PREFIX));
}

function ownPrintCustomer(id: number, row: Record<string, unknown>): PrintCustomer {
  return {
    id,
    name: String(row.name),
    surname: String(row.surname),
    slug: String(row.slug),
    company: text(row.company),
    title: text(row.title),
    addressLine: text(row.address_line),
    district: text(row.district),
    city: text(row.city),
    postalCode: text(row.postal_code),
    phone: text(row.phone),
    email: text(row.email),
    isPhoneVisible: toBool(row.is_phone_visible),
    isEmailVisible: toBool(row.is_email_visible),
    profilePhoto: text(row.profile_photo),
    isProfileVisible: toBool(row.is_profile_visible),
  };
}
