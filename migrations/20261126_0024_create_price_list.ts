import type { Knex } from 'knex';

/**
 * The price list (docs/product.md, Price list): one price_lists row per customer that has one,
 * its ordered categories and their ordered items. Times are milliseconds since the epoch, set by
 * the app. `price_lists.updated_at` is the "Son güncelleme" shown to visitors: set whenever a
 * price is added, changed or removed, never on a rename or a move. `price_kurus` is whole kuruş
 * (0 ... 100,000,000 = 1,000,000 ₺), so no price is ever a float. `labels` holds comma-separated
 * codes of src/domain/price-list-labels.ts in that list's order. Every row goes with its customer
 * (ON DELETE CASCADE), and an item with its category.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('price_lists', (t) => {
    t.integer('customer_id').unsigned().primary().references('id').inTable('customers').onDelete('CASCADE');
    t.string('kind', 16).notNullable().defaultTo('menu');
    t.bigInteger('updated_at').nullable();
  });

  await knex.schema.createTable('price_list_categories', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE').index();
    t.string('name', 80).notNullable();
    t.integer('position').notNullable();
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('price_list_items', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE').index();
    t.integer('category_id').unsigned().notNullable().references('id').inTable('price_list_categories').onDelete('CASCADE').index();
    t.string('name', 80).notNullable();
    t.string('description', 300).nullable();
    t.bigInteger('price_kurus').notNullable();
    t.string('photo_path', 255).nullable();
    t.string('labels', 255).nullable();
    t.boolean('sold_out').notNullable().defaultTo(false);
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.integer('position').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('price_list_items');
  await knex.schema.dropTableIfExists('price_list_categories');
  await knex.schema.dropTableIfExists('price_lists');
}
