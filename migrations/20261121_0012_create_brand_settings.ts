import type { Knex } from 'knex';

/**
 * brand_settings: the agency's brand (docs/product.md, Agency brand), one row or none (none is
 * Vizit's own look). The logo is kept in the row, already re-encoded and small, so every
 * instance and every backup has it without a shared uploads folder; `logo_hash` names it in
 * its URL. A change also raises every customers.version, so cached public pages (which show
 * the brand in their footer) are rendered again on every instance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('brand_settings', (t) => {
    t.integer('id').primary();
    t.string('name', 200).notNullable();
    t.string('url', 2048).nullable();
    t.string('accent_color', 7).nullable();
    t.binary('logo').nullable();
    t.string('logo_hash', 64).nullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('brand_settings');
}
