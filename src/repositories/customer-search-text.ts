import type { Knex } from 'knex';
import { customerSearchTextOf, type SearchableCustomer } from '../domain/customer-search.js';
import { customerNameSortKey } from '../domain/turkish-sort.js';

/** The columns of customer_profiles the search text holds: a change to any of them writes it again. */
export const SEARCHED_PROFILE_COLUMNS = ['company', 'phone', 'email', 'address_line', 'district', 'city'] as const;

/** What the search finds the customers by, read in `db` (a transaction of the change, or the migration's). */
export async function searchableCustomers(
  db: Knex,
  customerIds: readonly number[],
): Promise<Array<SearchableCustomer & { id: number }>> {
  if (customerIds.length === 0) return [];
  const rows: Array<Record<string, unknown>> = await db('customers')
    .leftJoin('customer_profiles', 'customer_profiles.customer_id', 'customers.id')
    .select(
      'customers.id',
      'customers.name',
      'customers.surname',
      'customers.slug',
      ...SEARCHED_PROFILE_COLUMNS.map((c) => `customer_profiles.${c}`),
    )
    .whereIn('customers.id', customerIds);
  const redirects: Array<{ customer_id: number; old_slug: string }> = await db('slug_redirects')
    .select('customer_id', 'old_slug')
    .whereIn('customer_id', customerIds)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'old_slug', order: 'asc' },
    ]);
  const oldSlugs = new Map<number, string[]>();
  for (const { customer_id, old_slug } of redirects) {
    const id = Number(customer_id);
    oldSlugs.set(id, [...(oldSlugs.get(id) ?? []), old_slug]);
  }
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    surname: String(row.surname),
    slug: String(row.slug),
    company: (row.company as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    addressLine: (row.address_line as string | null) ?? null,
    district: (row.district as string | null) ?? null,
    city: (row.city as string | null) ?? null,
    oldSlugs: oldSlugs.get(Number(row.id)) ?? [],
  }));
}

/**
 * Writes the customers' search text and name sort key again from their rows; every write that
 * changes the name, slug, business, phone, e-mail or address calls it in its own transaction
 * (docs/product.md, Administrator).
 */
export async function refreshSearchText(db: Knex, customerIds: readonly number[]): Promise<void> {
  for (const customer of await searchableCustomers(db, customerIds)) {
    await db('customers')
      .where({ id: customer.id })
      .update({
        search_text: customerSearchTextOf(customer),
        name_sort_key: customerNameSortKey(customer.name, customer.surname),
      });
  }
}

/** Whether a profile change touches what the search text holds. */
export function changesSearchText(changes: object): boolean {
  return SEARCHED_PROFILE_COLUMNS.some((column) => column in changes);
}
