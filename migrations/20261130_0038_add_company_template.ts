import type { Knex } from 'knex';

/**
 * A company's template (docs/product.md, Companies): what its members' cards share. The profile's shared fields as
 * columns of `companies` (null: not given), the logo's upload path, and `locked_fields`, the comma-separated names of
 * the fields members may not change (the others are defaults). `company_links` are the shared links, shown before a
 * member's own; `company_opening_hours` the shared hours, as `opening_hours` keeps a customer's. Both go with their
 * company.
 */
const TEMPLATE_COLUMNS = [
  'company',
  'address_line',
  'district',
  'city',
  'postal_code',
  'website',
  'phone',
  'email',
  'accent',
  'logo_path',
  'background_type',
  'background_value',
  'cover_photo',
  'locked_fields',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.string('company', 100).nullable();
    t.string('address_line', 200).nullable();
    t.string('district', 60).nullable();
    t.string('city', 60).nullable();
    t.string('postal_code', 5).nullable();
    t.string('website', 2048).nullable();
    t.string('phone', 32).nullable();
    t.string('email', 254).nullable();
    t.string('accent', 7).nullable();
    t.string('logo_path', 255).nullable();
    t.string('background_type', 16).nullable();
    t.text('background_value').nullable();
    t.text('cover_photo').nullable();
    t.text('locked_fields').notNullable().defaultTo('');
  });
  await knex.schema.createTable('company_links', (t) => {
    t.increments('id').primary();
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('platform', 24).notNullable();
    t.text('url').notNullable();
    t.string('label', 100).notNullable();
    t.string('icon', 16);
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.integer('order_index').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.index(['company_id', 'order_index']);
  });
  await knex.schema.createTable('company_opening_hours', (t) => {
    t.integer('company_id').unsigned().primary().references('id').inTable('companies').onDelete('CASCADE');
    t.text('week').notNullable();
    t.text('closed_dates').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_opening_hours');
  await knex.schema.dropTable('company_links');
  // A plain DROP COLUMN each, as 0006's down: Knex's dropColumns would have SQLite copy a table others refer to.
  for (const column of TEMPLATE_COLUMNS) await knex.raw('alter table ?? drop column ??', ['companies', column]);
}
