import type { Knex } from 'knex';
import { DEFAULT_BACKGROUND_COLOR } from '../shared/background-choices.js';
import { CONTACT_BUTTON_TYPES } from '../domain/contact-buttons.js';
import { customerSearchTextOf } from '../domain/customer-search.js';
import { customerNameSortKey } from '../domain/turkish-sort.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { parseLanguages, type ExtraLanguage } from '../i18n/languages.js';
import { applyCustomerFilter, applyCustomerScope, type CustomerListFilter } from './customer-filter.js';
import { claimSlugNamespace, companySlugsStartingWith, refuseCompanySlugs } from './company.repository.js';
import { mapNow, PreparedQuery, type MaybeAsync } from './prepared-query.js';
import { countOf, toBool, toInt } from './rows.js';

export interface Customer {
  id: number;
  name: string;
  surname: string;
  slug: string;
  editToken: string;
  isActive: boolean;
  createdAt: number;
  /** Raised by every write that changes the public page (see bumpVersion). */
  version: number;
  /** The administrator it is assigned to (docs/product.md, Administrators and roles); null, nobody. */
  assigneeId: number | null;
  /** The card's extra languages beside Turkish, in the owner's order (docs/product.md, Languages). */
  languages: ExtraLanguage[];
}

/** An administrator a customer may be assigned to, as the customer page names them. */
export interface AssigneeChoice {
  id: number;
  name: string | null;
  email: string;
  isActive: boolean;
}

export interface CustomerContact {
  phone: string | null;
  email: string | null;
}

/** A row of the administrator's list: the customer with the business and city of its profile. */
export type ListedCustomer = Customer & { company: string | null; city: string | null };

export interface CustomerPage {
  customers: ListedCustomer[];
  total: number;
}

/** The list's orders (docs/product.md, Administrator): newest first, or by the folded name then surname. */
export type CustomerListSort = 'newest' | 'name';

export interface AdminCounts {
  customers: number;
  activeCustomers: number;
  messages: number;
}

/**
 * Tables holding a customer's rows, deleted in this order (docs/product.md, Administrator), all before the customers
 * row they point to.
 */
export const CUSTOMER_TABLES_IN_DELETE_ORDER = [
  'slug_redirects',
  'link_click_days', // before the social_links its rows point to
  'view_source_days',
  'profile_view_days', // the day counters of profile_views go with the views they count
  'profile_views',
  'anonymous_messages',
  'owner_notifications',
  'lead_days',
  'leads',
  'lead_notices',
  'lead_settings',
  'opening_hours',
  'iban_info',
  'contact_buttons',
  'social_links',
  'customer_profiles',
] as const;

export function toCustomer(row: Record<string, unknown>): Customer {
  return {
    id: toInt(row.id),
    name: String(row.name),
    surname: String(row.surname),
    slug: String(row.slug),
    editToken: String(row.edit_token),
    isActive: toBool(row.is_active),
    createdAt: toInt(row.created_at),
    version: toInt(row.version),
    assigneeId: row.assignee_id == null ? null : toInt(row.assignee_id),
    languages: parseLanguages(row.languages as string | null | undefined),
  };
}

/** A customer's page state: enough to tell whether a rendered page is still theirs. */
export interface PageState {
  id: number;
  isActive: boolean;
  version: number;
}

function toPageState(row: Record<string, unknown>): PageState {
  return { id: toInt(row.id), isActive: toBool(row.is_active), version: toInt(row.version) };
}

export interface NewCustomer {
  name: string;
  surname: string;
  slug: string;
  editToken: string;
  createdAt: number;
  /** The administrator it is assigned to; left out, nobody. */
  assigneeId?: number | null;
  /** What an imported customer's profile starts with, for the search text; left out, nothing. */
  company?: string | null;
  phone?: string | null;
  email?: string | null;
  address_line?: string | null;
  district?: string | null;
  city?: string | null;
}

/**
 * The customers row of a new customer: active, searchable by name, slug and what its profile starts with, sorted by
 * name.
 */
export function newCustomerRow(input: NewCustomer): Record<string, unknown> {
  const { name, surname, slug } = input;
  return {
    name,
    surname,
    slug,
    search_text: customerSearchTextOf({
      name,
      surname,
      slug,
      company: input.company ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      addressLine: input.address_line ?? null,
      district: input.district ?? null,
      city: input.city ?? null,
      oldSlugs: [],
    }),
    name_sort_key: customerNameSortKey(name, surname),
    edit_token: input.editToken,
    is_active: true,
    created_at: input.createdAt,
    assignee_id: input.assigneeId ?? null,
  };
}

/** A new customer's profile: everything shown, the default background; `fields` fills in contact data and bio. */
export function newProfileRow(
  customerId: number,
  createdAt: number,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    customer_id: customerId,
    is_profile_visible: true,
    is_phone_visible: true,
    is_email_visible: true,
    is_website_visible: true,
    background_type: 'color',
    background_value: DEFAULT_BACKGROUND_COLOR,
    ...fields,
    updated_at: createdAt,
  };
}

/** A new customer's contact buttons, one of each type, all shown. */
export function newContactButtonRows(customerId: number): Array<Record<string, unknown>> {
  return CONTACT_BUTTON_TYPES.map((type) => ({ customer_id: customerId, type, is_visible: true }));
}

/** Marks the customer's public page as changed; call it in the same transaction as the change. */
export async function bumpVersion(db: Knex, customerId: number): Promise<void> {
  await db('customers').where({ id: customerId }).increment('version', 1);
}

export class CustomerRepository {
  private readonly bySlug: PreparedQuery<Record<string, unknown>>;
  private readonly stateBySlug: PreparedQuery<Record<string, unknown>>;

  constructor(private readonly db: Knex) {
    this.bySlug = new PreparedQuery(db, 'vizit_customer_by_slug', 'select * from customers where slug = ? limit 1');
    this.stateBySlug = new PreparedQuery(
      db,
      'vizit_customer_state_by_slug',
      'select id, is_active, version from customers where slug = ? limit 1',
    );
  }

  /** The customer, when `scope` reaches it (domain/customer-scope.ts); null, any. */
  async findById(id: number, scope: CustomerScope = null): Promise<Customer | null> {
    const row = await applyCustomerScope(this.db('customers').where({ id }), scope).first();
    return row ? toCustomer(row) : null;
  }

  /**
   * Every public page load the fast path hands on asks this: a prepared statement, not a built query (see
   * PreparedQuery).
   */
  async findBySlug(slug: string): Promise<Customer | null> {
    const row = await this.bySlug.firstNow([slug]);
    return row ? toCustomer(row) : null;
  }

  /**
   * What decides whether a cached public page is still the customer's: its id, whether it is
   * active, its version. Only these three columns, for the public page's fast path, which asks
   * on every page load; at once on SQLite; the loads of one event-loop turn share one read
   * (PreparedQuery.firstNowShared).
   */
  pageStateBySlugNow(slug: string): MaybeAsync<PageState | null> {
    return mapNow(this.stateBySlug.firstNowShared(slug), (row) => (row ? toPageState(row) : null));
  }

  /** Closes the SQLite read connection of the slug lookups (PreparedQuery); a later lookup opens it again. */
  closeReadConnection(): void {
    this.bySlug.close();
    this.stateBySlug.close();
  }

  async findByEditToken(editToken: string): Promise<Customer | null> {
    const row = await this.db('customers').where({ edit_token: editToken }).first();
    return row ? toCustomer(row) : null;
  }

  /**
   * A page of the list, narrowed by the filter (customer-filter.ts), with the business and city of
   * each profile. By name is by name_sort_key, the name in Turkish alphabetical order as a key
   * compared byte by byte on both databases (domain/turkish-sort.ts), on its index.
   */
  async listPage(options: {
    filter: CustomerListFilter;
    scope: CustomerScope;
    sort: CustomerListSort;
    page: number;
    perPage: number;
  }): Promise<CustomerPage> {
    const filtered = applyCustomerFilter(applyCustomerScope(this.db('customers'), options.scope), options.filter);
    const order =
      options.sort === 'name'
        ? 'customers.name_sort_key asc, customers.id asc'
        : 'customers.created_at desc, customers.id desc';
    const [rows, counted] = await Promise.all([
      filtered
        .clone()
        .leftJoin('customer_profiles', 'customer_profiles.customer_id', 'customers.id')
        .select('customers.*', 'customer_profiles.company', 'customer_profiles.city')
        .orderByRaw(order)
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage),
      filtered.clone().count({ count: '*' }),
    ]);
    const customers = rows.map((row: Record<string, unknown>) => ({
      ...toCustomer(row),
      company: (row.company as string | null) ?? null,
      city: (row.city as string | null) ?? null,
    }));
    return { customers, total: countOf(counted) };
  }

  /** The dashboard's counts of the customers `scope` reaches, and of their messages. */
  async counts(scope: CustomerScope): Promise<AdminCounts> {
    const customers = () => applyCustomerScope(this.db('customers'), scope);
    const messages = this.db('anonymous_messages');
    if (scope) messages.whereIn('customer_id', customers().select('customers.id'));
    const [all, active, messageCount] = await Promise.all([
      customers().count({ count: '*' }),
      customers().where({ is_active: true }).count({ count: '*' }),
      messages.count({ count: '*' }),
    ]);
    return { customers: countOf(all), activeCustomers: countOf(active), messages: countOf(messageCount) };
  }

  /**
   * Slugs equal to `base` or of the form `base-N`, current or old (an old address redirects to its
   * customer for good), and companies' (one namespace): the candidates a new slug must avoid.
   */
  async slugsStartingWith(base: string): Promise<Set<string>> {
    const [current, old, companies] = await Promise.all([
      this.db('customers').select('slug').where('slug', base).orWhere('slug', 'like', `${base}-%`),
      this.db('slug_redirects')
        .select({ slug: 'old_slug' })
        .where('old_slug', base)
        .orWhere('old_slug', 'like', `${base}-%`),
      companySlugsStartingWith(this.db, base),
    ]);
    return new Set([...[...current, ...old].map((row: { slug: string }) => row.slug), ...companies]);
  }

  /** Every administrator, by e-mail: whom a customer may be (or was) assigned to. */
  async assigneeChoices(): Promise<AssigneeChoice[]> {
    const rows = await this.db('administrators').select('id', 'name', 'email', 'is_active').orderBy('email');
    return rows.map((row: Record<string, unknown>) => ({
      id: toInt(row.id),
      name: row.name == null ? null : String(row.name),
      email: String(row.email),
      isActive: toBool(row.is_active),
    }));
  }

  /**
   * Assigns the customer to the active administrator `adminId`, or to nobody (null). Answers the administrator, null
   * for nobody, or `unknown` (nothing changed) when `adminId` names no active administrator.
   */
  async setAssignee(id: number, adminId: number | null): Promise<AssigneeChoice | null | 'unknown'> {
    return this.db.transaction(async (trx) => {
      let assignee: AssigneeChoice | null = null;
      if (adminId !== null) {
        const row = await trx('administrators').where({ id: adminId, is_active: true }).first();
        if (!row) return 'unknown';
        assignee = {
          id: adminId,
          name: row.name == null ? null : String(row.name),
          email: String(row.email),
          isActive: true,
        };
      }
      await trx('customers').where({ id }).update({ assignee_id: adminId });
      return assignee;
    });
  }

  /** The customer, its default profile and its three contact buttons, all or nothing. */
  async createWithDefaults(input: NewCustomer): Promise<Customer> {
    return this.db.transaction(async (trx) => {
      await claimSlugNamespace(trx);
      await refuseCompanySlugs(trx, [input.slug]);
      const [row] = await trx('customers').insert(newCustomerRow(input)).returning('*');
      const customer = toCustomer(row);
      await trx('customer_profiles').insert(newProfileRow(customer.id, input.createdAt));
      await trx('contact_buttons').insert(newContactButtonRows(customer.id));
      return customer;
    });
  }

  async setActive(id: number, isActive: boolean): Promise<void> {
    await this.db('customers')
      .where({ id })
      .update({ is_active: isActive, version: this.db.raw('version + 1') });
  }

  /** The phone and e-mail on the customer's page (shown or not): where the hand-over links are addressed. */
  async contact(id: number): Promise<CustomerContact> {
    const row: { phone: string | null; email: string | null } | undefined = await this.db('customer_profiles')
      .where({ customer_id: id })
      .first('phone', 'email');
    return { phone: row?.phone ?? null, email: row?.email ?? null };
  }

  /**
   * A new edit token, and in the same transaction everything the old link's holder set up to reach
   * the page without it (docs/product.md, Administrator): the notification address with its
   * confirmation, and every e-mail to the owner not yet sent (all of them carry a link; the
   * administrators' own e-mails have no customer). A mail composed after the commit finds no address;
   * one composed before it still carries the old token, which now opens nothing. True when an address was removed.
   */
  async replaceEditToken(id: number, editToken: string): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      await trx('customers').where({ id }).update({ edit_token: editToken });
      const removed = await trx('owner_notifications').where({ customer_id: id }).delete();
      await trx('mail_outbox').where({ customer_id: id, status: 'pending' }).delete();
      return removed > 0;
    });
  }

  /** Every row of the customer, in the order above, in one transaction. */
  async deleteWithRows(id: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      for (const table of CUSTOMER_TABLES_IN_DELETE_ORDER) {
        await trx(table).where({ customer_id: id }).delete();
      }
      await trx('customers').where({ id }).delete();
    });
  }
}
