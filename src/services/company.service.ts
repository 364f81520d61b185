import type { Knex } from 'knex';
import { ValidationError } from '../errors.js';
import type { ActivityActor, ActivityCustomer } from '../domain/admin-activity.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { foldSlug, pickFreeSlug } from '../domain/slug.js';
import type { Company, CompanyMember, CompanyRepository, ListedCompany } from '../repositories/company.repository.js';
import { companyMessages, MAX_COMPANY_SLUG_LENGTH, type NewCompanyInput } from '../validation/company.validation.js';
import type { ActivityLog } from './activity-log.service.js';

export type { Company, CompanyMember, ListedCompany };

/** New customers of an import and the company their `firma` cells name: an existing one, or one to make. */
export interface ImportedMembers {
  company: { id: number } | { newName: string };
  ids: number[];
}

/** How long a slug made from a name may grow before its `-N`, inside the column's 100 characters. */
const DERIVED_BASE_LENGTH = MAX_COMPANY_SLUG_LENGTH - 8;

/**
 * Companies and their members (docs/product.md, Companies): made with a slug in the customers' namespace, customers
 * put in and taken out, each change in the activity log.
 */
export class CompanyService {
  constructor(
    private readonly db: Knex,
    private readonly companies: CompanyRepository,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
  ) {}

  list(scope: CustomerScope): Promise<ListedCompany[]> {
    return this.companies.list(scope);
  }

  /** Every company by name, for a select (the list's filter, the customer page). */
  choices(): Promise<Company[]> {
    return this.companies.choices();
  }

  find(id: number): Promise<Company | null> {
    return this.companies.findById(id);
  }

  /** The views of the company's team page, `/{slug}`. */
  teamPageViews(companyId: number): Promise<number> {
    return this.companies.teamPageViews(companyId);
  }

  members(companyId: number, scope: CustomerScope): Promise<CompanyMember[]> {
    return this.companies.members(companyId, scope);
  }

  /**
   * A new company. A typed slug someone holds is refused on `slug`; a slug made from the name is the first free one
   * (as a new customer's), tried again when another took it meanwhile.
   */
  async create(input: NewCompanyInput, actor: ActivityActor): Promise<Company> {
    for (let attempt = 0; ; attempt += 1) {
      const slug = input.slug ?? (await this.freeSlugFor(input.name));
      const company = await this.companies.create({ name: input.name, slug, at: this.now() });
      if (company) {
        await this.activity.companyCreated(actor, company.slug);
        return company;
      }
      if (input.slug !== null || attempt >= 4) throw new ValidationError({ slug: companyMessages.slugTaken });
    }
  }

  private async freeSlugFor(name: string): Promise<string> {
    const base = foldSlug(name, '').slice(0, DERIVED_BASE_LENGTH) || 'firma';
    return pickFreeSlug(base, await this.companies.slugsStartingWith(base));
  }

  /**
   * Puts the customers of `ids` that `scope` reaches into the company (`join`), or takes them out; one activity entry
   * lists them, in the same transaction. Answers how many changed.
   */
  async setMembership(
    company: Company,
    ids: readonly number[],
    scope: CustomerScope,
    join: boolean,
    actor: ActivityActor,
  ): Promise<number> {
    return this.db.transaction(async (trx) => {
      const changed: ActivityCustomer[] = await this.companies.setMembership(trx, company.id, ids, scope, join);
      const action = join ? 'company_members_added' : 'company_members_removed';
      await this.activity.bulkAction(action, actor, changed, trx, company.slug);
      return changed.length;
    });
  }

  /**
   * An import's new customers into the companies their rows name (docs/product.md, Companies), inside the import's
   * transaction `trx`, which holds the slug namespace: so the customers, the companies the file makes and their
   * membership are all kept or none. A company gone since the preview is skipped: its cell stays the business name.
   * Each made company and each group joined gets its activity entry in `trx`.
   */
  async joinImported(trx: Knex, groups: readonly ImportedMembers[], scope: CustomerScope, actor: ActivityActor) {
    for (const { company, ids } of groups) {
      let target: Company | null;
      if ('id' in company) target = await this.companies.findById(company.id, trx);
      else {
        const base = foldSlug(company.newName, '').slice(0, DERIVED_BASE_LENGTH) || 'firma';
        const slug = pickFreeSlug(base, await this.companies.slugsStartingWith(base, trx));
        // The cell was the business name: the new company's template starts with it.
        target = await this.companies.createIn(trx, {
          name: company.newName,
          slug,
          at: this.now(),
          businessName: company.newName,
        });
        await this.activity.record([{ action: 'company_created', actor, detail: { to: target.slug } }], trx);
      }
      if (!target) continue;
      const changed = await this.companies.setMembership(trx, target.id, ids, scope, true);
      await this.activity.bulkAction('company_members_added', actor, changed, trx, target.slug);
    }
  }

  /**
   * The list's bulk action (docs/product.md, Companies): the customers of `ids` that `scope` reaches join the company
   * of `companyId`, or leave any company (null); one activity entry, in the same transaction. Answers the company and
   * how many changed, or `unknown` (nothing changed) when no company has that id.
   */
  async bulkSetCompany(
    companyId: number | null,
    ids: readonly number[],
    scope: CustomerScope,
    actor: ActivityActor,
  ): Promise<{ company: Company | null; changed: number } | 'unknown'> {
    if (companyId !== null) {
      const company = await this.companies.findById(companyId);
      if (!company) return 'unknown';
      return { company, changed: await this.setMembership(company, ids, scope, true, actor) };
    }
    return this.db.transaction(async (trx) => {
      const changed = await this.companies.leaveAny(trx, ids, scope);
      await this.activity.bulkAction('company_members_removed', actor, changed, trx);
      return { company: null, changed: changed.length };
    });
  }

  /** See CompanyRepository.setCustomerCompany; recorded in the activity log when it changed. */
  async setCustomerCompany(
    customer: ActivityCustomer,
    companyId: number | null,
    actor: ActivityActor,
  ): Promise<Company | null> {
    const outcome = await this.companies.setCustomerCompany(customer.id, companyId);
    if (outcome === 'unknown') throw new ValidationError({ company_id: companyMessages.unknown });
    await this.activity.customerCompanyChanged(actor, customer, outcome?.slug ?? null);
    return outcome;
  }

  /** The customer page's select: every company, and the customer's own. */
  async choicesFor(customerId: number): Promise<{ companies: Company[]; currentId: number | null }> {
    const [companies, currentId] = await Promise.all([
      this.companies.choices(),
      this.companies.companyIdOf(customerId),
    ]);
    return { companies, currentId };
  }
}
