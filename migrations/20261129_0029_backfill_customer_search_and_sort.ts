import type { Knex } from 'knex';
import { customerSearchTextOf } from '../src/domain/customer-search.js';
import { customerNameSortKey } from '../src/domain/turkish-sort.js';

const BATCH = 500;

/**
 * Every existing customer's search text again, now with the address, district and city, and the
 * name's Turkish sort key (docs/product.md, Administrator), with the app's own rules as 0018 does,
 * a batch of 500 a statement; the rows are read here, as the schema stands at this migration.
 */
export async function up(knex: Knex): Promise<void> {
  for (let lastId = 0; ; ) {
    const rows: Array<Record<string, string | number | null>> = await knex('customers')
      .leftJoin('customer_profiles', 'customer_profiles.customer_id', 'customers.id')
      .select(
        'customers.id', 'customers.name', 'customers.surname', 'customers.slug',
        'customer_profiles.company', 'customer_profiles.phone', 'customer_profiles.email',
        'customer_profiles.address_line', 'customer_profiles.district', 'customer_profiles.city',
      )
      .where('customers.id', '>', lastId)
      .orderBy('customers.id')
      .limit(BATCH);
    if (rows.length === 0) break;
    const ids = rows.map((row) => Number(row.id));
    const redirects: Array<{ customer_id: number; old_slug: string }> = await knex('slug_redirects')
      .select('customer_id', 'old_slug').whereIn('customer_id', ids).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'old_slug' }]);
    const written = rows.map((row) => {
      const oldSlugs = redirects.filter((r) => Number(r.customer_id) === Number(row.id)).map((r) => r.old_slug);
      const text = (column: string) => row[column] as string | null;
      const searchText = customerSearchTextOf({
        name: String(row.name), surname: String(row.surname), slug: String(row.slug),
        company: text('company'), phone: text('phone'), email: text('email'),
        addressLine: text('address_line'), district: text('district'), city: text('city'), oldSlugs,
      });
      return { id: Number(row.id), searchText, sortKey: customerNameSortKey(String(row.name), String(row.surname)) };
    });
    // One statement a batch: 10,000 customers are 20 updates, not 10,000.
    const cases = (value: (w: (typeof written)[number]) => string) => ({
      sql: `case id ${written.map(() => 'when ? then ?').join(' ')} end`,
      bindings: written.flatMap((w) => [w.id, value(w)]),
    });
    const search = cases((w) => w.searchText);
    const sort = cases((w) => w.sortKey);
    await knex('customers').whereIn('id', ids).update({
      search_text: knex.raw(search.sql, search.bindings),
      name_sort_key: knex.raw(sort.sql, sort.bindings),
    });
    lastId = ids[ids.length - 1]!;
  }
}

/** Nothing to undo: the columns stay, and 0018's text is where this one starts. */
export async function down(): Promise<void> {}
