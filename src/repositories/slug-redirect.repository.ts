/** A customer's addresses: the current slug in customers, every one it had before in slug_redirects. */
import type { Knex } from 'knex';
import { claimSlugNamespace } from './company.repository.js';
import { refreshSearchText } from './customer-search-text.js';
import { isUniqueViolation } from './rows.js';

/**
 * Who holds an address: a customer as the current one, or as an old one that redirects to them; or a company
 * (`customerId` null), whose slugs share the customers' namespace.
 */
export interface SlugHolder {
  customerId: number | null;
  current: boolean;
}

export interface AddressChange {
  customerId: number;
  newSlug: string;
  at: number;
}

export class SlugRedirectRepository {
  constructor(private readonly db: Knex) {}

  /** The current slug of the customer who has `slug` now or had it before; null when nobody did. */
  async currentSlugOf(slug: string): Promise<string | null> {
    const current: { slug: string } | undefined = await this.db('customers').select('slug').where({ slug }).first();
    if (current) return current.slug;
    const moved: { slug: string } | undefined = await this.db('slug_redirects')
      .join('customers', 'customers.id', 'slug_redirects.customer_id')
      .select('customers.slug')
      .where('slug_redirects.old_slug', slug)
      .first();
    return moved?.slug ?? null;
  }

  /** The customer's old addresses, newest first. */
  async oldSlugsOf(customerId: number): Promise<string[]> {
    const rows: Array<{ old_slug: string }> = await this.db('slug_redirects')
      .select('old_slug')
      .where({ customer_id: customerId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'old_slug', order: 'asc' },
      ]);
    return rows.map((row) => row.old_slug);
  }

  /** Who holds `slug`, read in `trx` when given (the change reads it in its own transaction). */
  async holderOf(slug: string, trx: Knex = this.db): Promise<SlugHolder | null> {
    const current: { id: number } | undefined = await trx('customers').select('id').where({ slug }).first();
    if (current) return { customerId: Number(current.id), current: true };
    const old: { customer_id: number } | undefined = await trx('slug_redirects')
      .select('customer_id')
      .where({ old_slug: slug })
      .first();
    if (old) return { customerId: Number(old.customer_id), current: false };
    const company: { id: number } | undefined = await trx('companies').select('id').where({ slug }).first();
    return company ? { customerId: null, current: true } : null;
  }

  /**
   * Moves the customer to `newSlug` in one transaction, unless another customer holds it now or
   * held it before, or it is already theirs (that holder is returned, nothing changed): the old slug becomes a
   * redirect, the new one stops being one if it was theirs, the search text follows and the version is raised so the
   * cached page and its QR codes are made again.
   */
  async move(change: AddressChange): Promise<SlugHolder | null> {
    try {
      return await this.moveOnce(change);
    } catch (err) {
      // Taken by another change or a new customer between this one's read and its write.
      const holder = isUniqueViolation(err) ? await this.holderOf(change.newSlug) : null;
      if (holder && holder.customerId !== change.customerId) return holder;
      throw err;
    }
  }

  private async moveOnce(change: AddressChange): Promise<SlugHolder | null> {
    return this.db.transaction(async (trx) => {
      const { customerId: id, newSlug } = change;
      await claimSlugNamespace(trx);
      const holder = await this.holderOf(newSlug, trx);
      if (holder && holder.customerId !== id) return holder;
      // Read here, not from the request: another administrator may have moved the customer meanwhile.
      const customer: { slug: string } = await trx('customers').select('slug').where({ id }).first();
      if (customer.slug === newSlug) return { customerId: id, current: true };
      await trx('slug_redirects').where({ old_slug: newSlug, customer_id: id }).delete();
      await trx('slug_redirects').insert({ old_slug: customer.slug, customer_id: id, created_at: change.at });
      await trx('customers')
        .where({ id })
        .update({ slug: newSlug, version: trx.raw('version + 1') });
      await refreshSearchText(trx, [id]);
      return null;
    });
  }
}
