import type { Knex } from 'knex';

/**
 * Languages on the public page (docs/product.md, Languages):
 * - customers.languages: the card's extra languages beside Turkish, comma-separated in the owner's order (`en,ar`);
 *   empty, Turkish only. On the customer row, so the fast path that holds the row can choose a visitor's language.
 * - translations: the owner's own texts in another language, one row per text (`subject`: `bio`, `link.12.label`,
 *   `price_item.7.name`, ...) and language. A text without a row shows in Turkish.
 * - company_translations: the same for a company's template texts. Both go with their owner.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.string('languages', 32).notNullable().defaultTo('');
  });
  await knex.schema.createTable('translations', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.string('subject', 64).notNullable();
    t.string('lang', 2).notNullable();
    t.text('text').notNullable();
    t.primary(['customer_id', 'subject', 'lang']);
  });
  await knex.schema.createTable('company_translations', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('subject', 64).notNullable();
    t.string('lang', 2).notNullable();
    t.text('text').notNullable();
    t.primary(['company_id', 'subject', 'lang']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_translations');
  await knex.schema.dropTableIfExists('translations');
  await knex.raw('alter table ?? drop column ??', ['customers', 'languages']);
}
