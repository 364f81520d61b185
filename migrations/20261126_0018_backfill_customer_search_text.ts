import type { Knex } from 'knex';
import { customerSearchTextOf } from '../src/domain/customer-search.js';

const BATCH = 500;

/**
 * customers.search_text holds more than the name and slug now: the business, the phone's
 * national digits, the e-mail and the old slugs (docs/product.md, Administrator). Written again
 * for every existing customer, a batch of 500 a transaction, with the app's own rule (as 0006
 * does: the column is only of use if it holds what the search looks for today); the rows are
 * read here, as the schema stands at this migration.
 */
export async function up(knex: Knex): Promise<void> {
  for (let lastId = 0; ; ) {
    const rows: Array<Record<string, string | number | null>> = await knex('customers')
      .leftJoin('customer_profiles', 'customer_profiles.customer_id', 'customers.id')
      .select('customers.id', 'customers.name', 'customers.surname', 'customers.slug', 'customer_profiles.company', 'customer_profiles.phone', 'customer_profiles.email')
      .where('customers.id', '>', lastId)
      .orderBy('customers.id')
      .limit(BATCH);
    if (rows.length === 0) break;
    const ids = rows.map((row) => Number(row.id));
    const redirects: Array<{ customer_id: number; old_slug: string }> = await knex('slug_redirects')
      .select('customer_id', 'old_slug').whereIn('customer_id', ids).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'old_slug' }]);
    await knex.transaction(async (trx) => {
      for (const row of rows) {
        const oldSlugs = redirects.filter((r) => Number(r.customer_id) === Number(row.id)).map((r) => r.old_slug);
        const searchText = customerSearchTextOf({
          name: String(row.name), surname: String(row.surname), slug: String(row.slug),
          company: row.company as string | null, phone: row.phone as string | null, email: row.email as string | null, oldSlugs,
        });
        await trx('customers').where({ id: row.id }).update({ search_text: searchText });
      }
    });
    lastId = ids[ids.length - 1]!;
  }
}

/** Nothing to undo: the column stays, and the earlier text (name and slug) is where this one starts. */
export async function down(): Promise<void> {}
