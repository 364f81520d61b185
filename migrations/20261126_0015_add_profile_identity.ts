import type { Knex } from 'knex';

/**
 * The business on the card (docs/product.md, The business on the card): business name, job
 * title and postal address of a customer, on their profile row beside phone and e-mail. All
 * optional; an empty field is stored as null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customer_profiles', (t) => {
    t.string('company', 100).nullable();
    t.string('title', 100).nullable();
    t.string('address_line', 200).nullable();
    t.string('district', 60).nullable();
    t.string('city', 60).nullable();
    t.string('postal_code', 5).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customer_profiles', (t) => {
    t.dropColumns('company', 'title', 'address_line', 'district', 'city', 'postal_code');
  });
}
