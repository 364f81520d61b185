import type { Knex } from 'knex';

/**
 * Contact exchange ("İletişim bırakın", docs/product.md): a visitor leaves a name and a phone or
 * an e-mail for the business, with explicit consent.
 *
 * - lead_settings: one row per customer that has opened the settings; off until the owner turns
 *   it on. `notice_version` is the current version of the information text (aydınlatma metni).
 * - lead_notices: every version of that text, kept so that each lead can show the text its
 *   visitor was shown when consenting.
 * - leads: what the visitor left, when consent was given and under which notice version; deleted
 *   by the retention job after the owner's 3, 6 or 12 months.
 * - lead_days: leads per customer per day ('YYYY-MM-DD' in APP_TIMEZONE), a counter only, nothing
 *   about the visitor; kept like the other day counters.
 * Every row goes with its customer (ON DELETE CASCADE, and the customer delete's table list).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_settings', (t) => {
    t.integer('customer_id').unsigned().primary().references('id').inTable('customers').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.boolean('ask_phone').notNullable().defaultTo(true);
    t.boolean('ask_email').notNullable().defaultTo(true);
    t.boolean('ask_note').notNullable().defaultTo(true);
    t.string('prompt', 200).notNullable().defaultTo('');
    t.integer('notice_version').notNullable().defaultTo(0);
    t.integer('retention_months').notNullable().defaultTo(12);
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('lead_notices', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('notice').notNullable();
    t.bigInteger('created_at').notNullable();
    t.primary(['customer_id', 'version']);
  });

  await knex.schema.createTable('leads', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('phone', 20).nullable();
    t.string('email', 254).nullable();
    t.text('note').nullable();
    t.bigInteger('consent_at').notNullable();
    t.integer('notice_version').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('read_at').nullable();
    // The owner's list (newest first) and the retention job's range.
    t.index(['customer_id', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('lead_days', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('leads').notNullable().defaultTo(0);
    t.primary(['customer_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lead_days');
  await knex.schema.dropTableIfExists('leads');
  await knex.schema.dropTableIfExists('lead_notices');
  await knex.schema.dropTableIfExists('lead_settings');
}
