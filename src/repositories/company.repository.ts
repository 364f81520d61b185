/** Companies and their members (docs/product.md, Companies): the only place their rows are read and written. */
import type { Knex } from 'knex';
import type { ActivityCustomer } from '../domain/admin-activity.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { applyCustomerScope } from './customer-filter.js';
import { lockKey } from './dialect.js';
import { isUniqueViolation, SlugNamespaceTaken, toBool, toInt } from './rows.js';

export interface Company {
  id: number;
  slug: string;
  name: string;
  createdAt: number;
  version: number;
}

/** What a new company's row is made of; `businessName`, its template's business name (left out: none). */
export interface NewCompanyRow {
  name: string;
  slug: string;
  at: number;
  businessName?: string;
}

/** A row of the companies' list: the company and how many members the administrator reaches. */
export type ListedCompany = Company & { members: number };

/** A member as the company page lists them. */
export interface CompanyMember extends ActivityCustomer {
  isActive: boolean;
}

function toCompany(row: Record<string, unknown>): Company {
  return {
    id: toInt(row.id),
    slug: String(row.slug),
    name: String(row.name),
    createdAt: row.created_at == null ? 0 : toInt(row.created_at),
    version: toInt(row.version),
  };
}

/**
 * Makes the rest of `trx` the only claim of a slug in the namespace at a time, so a company and a customer cannot both
 * take one: each table's unique index guards only itself. Every transaction that gives a customer or a company a slug
 * takes it before its check; PostgreSQL holds the second until the first ends, SQLite has one writer anyway.
 */
export async function claimSlugNamespace(trx: Knex): Promise<void> {
  await lockKey(trx, 'slug-namespace', 'exclusive');
}

/**
 * Refuses (as a unique index would: isUniqueViolation) slugs a company holds, read in `trx` after
 * claimSlugNamespace: what a new customer's transaction checks before its insert commits.
 */
export async function refuseCompanySlugs(trx: Knex, slugs: readonly string[]): Promise<void> {
  for (let i = 0; i < slugs.length; i += 500) {
    const held = await trx('companies')
      .select('slug')
      .whereIn('slug', slugs.slice(i, i + 500))
      .first();
    if (held) throw new SlugNamespaceTaken(String(held.slug));
  }
}

/**
 * Whether `slug` is any customer's current or old address, or a company's: company and customer slugs share one
 * namespace (docs/product.md, Companies). Read in `db` (a transaction, or the database).
 */
export async function slugIsTaken(db: Knex, slug: string): Promise<boolean> {
  // One after another: a transaction's one connection runs one query at a time.
  if (await db('customers').select('id').where({ slug }).first()) return true;
  if (await db('slug_redirects').select('customer_id').where({ old_slug: slug }).first()) return true;
  return Boolean(await db('companies').select('id').where({ slug }).first());
}

/** The companies' slugs equal to `base` or of the form `base-N`: what a new customer's or company's slug avoids. */
export async function companySlugsStartingWith(db: Knex, base: string): Promise<string[]> {
  const rows: Array<{ slug: string }> = await db('companies')
    .select('slug')
    .where('slug', base)
    .orWhere('slug', 'like', `${base}-%`);
  return rows.map((row) => row.slug);
}

export class CompanyRepository {
  constructor(private readonly db: Knex) {}

  /** Every company by name, with the count of its members `scope` reaches. */
  async list(scope: CustomerScope): Promise<ListedCompany[]> {
    const members = applyCustomerScope(this.db('customers'), scope)
      .select('customers.company_id')
      .count({ members: '*' })
      .whereNotNull('customers.company_id')
      .groupBy('customers.company_id')
      .as('m');
    const rows: Array<Record<string, unknown>> = await this.db('companies')
      .leftJoin(members, 'm.company_id', 'companies.id')
      .select('companies.*', 'm.members')
      .orderBy([
        { column: 'companies.name', order: 'asc' },
        { column: 'companies.id', order: 'asc' },
      ]);
    return rows.map((row) => ({ ...toCompany(row), members: row.members == null ? 0 : toInt(row.members) }));
  }

  /** Every company by name, without counting members: the selects' choices. */
  async choices(): Promise<Company[]> {
    const rows: Array<Record<string, unknown>> = await this.db('companies')
      .select()
      .orderBy([
        { column: 'name', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map(toCompany);
  }

  async findById(id: number, db: Knex = this.db): Promise<Company | null> {
    const row = await db('companies').where({ id }).first();
    return row ? toCompany(row) : null;
  }

  /**
   * A new company, unless its slug is a customer's (now or before) or a company's: then null, nothing written. The
   * unique index decides between two companies created at once.
   */
  async create(input: NewCompanyRow): Promise<Company | null> {
    try {
      return await this.db.transaction(async (trx) => {
        await claimSlugNamespace(trx);
        if (await slugIsTaken(trx, input.slug)) return null;
        return await this.createIn(trx, input);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * A new company in `trx`, which has claimed the slug namespace and found `slug` free (an import's transaction); a
   * slug taken meanwhile fails on the unique index.
   */
  async createIn(trx: Knex, input: NewCompanyRow): Promise<Company> {
    const [row] = await trx('companies')
      .insert({
        name: input.name,
        slug: input.slug,
        created_at: input.at,
        updated_at: input.at,
        company: input.businessName ?? null,
      })
      .returning('*');
    return toCompany(row);
  }

  /** The members `scope` reaches, by name. */
  async members(companyId: number, scope: CustomerScope): Promise<CompanyMember[]> {
    const rows: Array<Record<string, unknown>> = await applyCustomerScope(this.db('customers'), scope)
      .where('customers.company_id', companyId)
      .select('customers.id', 'customers.name', 'customers.surname', 'customers.slug', 'customers.is_active')
      .orderBy([
        { column: 'customers.name_sort_key', order: 'asc' },
        { column: 'customers.id', order: 'asc' },
      ]);
    return rows.map((row) => ({
      id: toInt(row.id),
      name: String(row.name),
      surname: String(row.surname),
      slug: String(row.slug),
      isActive: toBool(row.is_active),
    }));
  }

  /**
   * Puts the customers of `ids` that `scope` reaches into the company (`join`) or takes them out of it, in `trx`;
   * the others are left alone. Each one changed has its version raised: its public page will show the company's
   * values. Answers those changed.
   */
  async setMembership(
    trx: Knex,
    companyId: number,
    ids: readonly number[],
    scope: CustomerScope,
    join: boolean,
  ): Promise<ActivityCustomer[]> {
    if (ids.length === 0) return [];
    const chosen = applyCustomerScope(trx('customers'), scope).whereIn('customers.id', ids);
    if (join) {
      chosen.where((q) => {
        q.whereNull('customers.company_id').orWhereNot('customers.company_id', companyId);
      });
    } else chosen.where('customers.company_id', companyId);
    const rows: Array<Record<string, unknown>> = await chosen.select('id', 'name', 'surname', 'slug').orderBy('id');
    const changed = rows.map((row) => ({
      id: toInt(row.id),
      name: String(row.name),
      surname: String(row.surname),
      slug: String(row.slug),
    }));
    if (changed.length === 0) return [];
    await trx('customers')
      .whereIn(
        'id',
        changed.map((c) => c.id),
      )
      .update({ company_id: join ? companyId : null, version: trx.raw('version + 1') });
    return changed;
  }

  /**
   * Takes the customers of `ids` that `scope` reaches out of whichever company they are in, in `trx`, their versions
   * raised. Answers those changed.
   */
  async leaveAny(trx: Knex, ids: readonly number[], scope: CustomerScope): Promise<ActivityCustomer[]> {
    if (ids.length === 0) return [];
    const rows: Array<Record<string, unknown>> = await applyCustomerScope(trx('customers'), scope)
      .whereIn('customers.id', ids)
      .whereNotNull('customers.company_id')
      .select('id', 'name', 'surname', 'slug')
      .orderBy('id');
    const changed = rows.map((row) => ({
      id: toInt(row.id),
      name: String(row.name),
      surname: String(row.surname),
      slug: String(row.slug),
    }));
    if (changed.length === 0) return [];
    await trx('customers')
      .whereIn(
        'id',
        changed.map((c) => c.id),
      )
      .update({ company_id: null, version: trx.raw('version + 1') });
    return changed;
  }

  /**
   * The customer's company, or none (null). Answers the company, null for none, or `unknown` (nothing changed) when
   * `companyId` names no company.
   */
  async setCustomerCompany(customerId: number, companyId: number | null): Promise<Company | null | 'unknown'> {
    return this.db.transaction(async (trx) => {
      let company: Company | null = null;
      if (companyId !== null) {
        const row = await trx('companies').where({ id: companyId }).first();
        if (!row) return 'unknown';
        company = toCompany(row);
      }
      await trx('customers')
        .where({ id: customerId })
        .update({ company_id: companyId, version: trx.raw('version + 1') });
      return company;
    });
  }

  /** How many views the company's team page had (company_view_days), over all days. */
  async teamPageViews(companyId: number): Promise<number> {
    const row: { views?: unknown } | undefined = await this.db('company_view_days')
      .where({ company_id: companyId })
      .sum({ views: 'views' })
      .first();
    return row?.views == null ? 0 : toInt(row.views);
  }

  /** The customer's company id; null, none. */
  async companyIdOf(customerId: number): Promise<number | null> {
    const row: { company_id: unknown } | undefined = await this.db('customers')
      .where({ id: customerId })
      .first('company_id');
    return row?.company_id == null ? null : toInt(row.company_id);
  }

  /** The slugs a new company's slug from `base` must avoid: customers' current and old ones, and companies'. */
  async slugsStartingWith(base: string, db: Knex = this.db): Promise<Set<string>> {
    const [current, old, companies] = await Promise.all([
      db('customers').select('slug').where('slug', base).orWhere('slug', 'like', `${base}-%`),
      db('slug_redirects')
        .select({ slug: 'old_slug' })
        .where('old_slug', base)
        .orWhere('old_slug', 'like', `${base}-%`),
      companySlugsStartingWith(db, base),
    ]);
    return new Set([...[...current, ...old].map((row: { slug: string }) => row.slug), ...companies]);
  }
}
