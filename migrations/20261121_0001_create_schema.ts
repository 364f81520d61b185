import type { Knex } from 'knex';

/** Milliseconds since the epoch, as a column default, in the SQL of the running database. */
function nowMs(knex: Knex): Knex.Raw {
  return knex.client.config.client === 'pg'
    ? knex.raw('(floor(extract(epoch from now()) * 1000))::bigint')
    : knex.raw('(CAST(unixepoch(\'subsec\') * 1000 AS INTEGER))');
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('administrators', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.bigInteger('created_at').notNullable().defaultTo(nowMs(knex));
    t.bigInteger('password_changed_at').notNullable().defaultTo(nowMs(knex));
  });

  // The schema connect-session-knex expects; created here so migrations stay the one source of truth.
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 255).primary();
    t.json('sess').notNullable();
    t.timestamp('expired', { useTz: true }).notNullable().index();
  });

  // Counters of express-rate-limit, kept in the database so that they survive a restart.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('hits').notNullable();
    t.bigInteger('reset_at').notNullable().index();
  });

  await knex.schema.createTable('customers', (t) => {
    t.increments('id').primary();
    t.string('name', 60).notNullable();
    t.string('surname', 60).notNullable();
    t.string('slug', 140).notNullable().unique();
    t.string('edit_token', 64).notNullable().unique();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable().defaultTo(nowMs(knex)).index();
  });

  await knex.schema.createTable('customer_profiles', (t) => {
    t.integer('customer_id').unsigned().primary().references('id').inTable('customers');
    t.boolean('is_profile_visible').notNullable().defaultTo(true);
    t.boolean('is_phone_visible').notNullable().defaultTo(true);
    t.boolean('is_email_visible').notNullable().defaultTo(true);
    t.boolean('is_website_visible').notNullable().defaultTo(true);
    t.string('background_type', 16).notNullable().defaultTo('color');
    t.text('background_value').notNullable().defaultTo('#f9fafb');
    t.text('bio');
    t.string('phone', 32);
    t.string('email', 254);
    t.string('website', 2048);
    t.string('profile_photo', 255);
    t.text('cover_photo');
    t.boolean('show_name_on_cover').notNullable().defaultTo(false);
    t.boolean('dark_mode').notNullable().defaultTo(false);
    t.bigInteger('updated_at').notNullable().defaultTo(nowMs(knex));
  });

  await knex.schema.createTable('social_links', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.string('platform', 24).notNullable();
    t.text('url').notNullable();
    t.string('label', 100).notNullable();
    t.string('icon', 16);
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.integer('order_index').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable().defaultTo(nowMs(knex));
    t.index(['customer_id', 'order_index']);
  });

  await knex.schema.createTable('contact_buttons', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.string('type', 16).notNullable();
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.unique(['customer_id', 'type']);
  });

  await knex.schema.createTable('iban_info', (t) => {
    t.integer('customer_id').unsigned().primary().references('id').inTable('customers');
    t.string('iban', 34).notNullable();
    t.string('account_holder', 100).notNullable();
    t.boolean('is_visible').notNullable().defaultTo(true);
  });

  await knex.schema.createTable('anonymous_messages', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.text('message').notNullable();
    t.bigInteger('created_at').notNullable().defaultTo(nowMs(knex));
    t.index(['customer_id', 'created_at']);
  });

  await knex.schema.createTable('profile_views', (t) => {
    t.increments('id').primary();
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.bigInteger('viewed_at').notNullable().defaultTo(nowMs(knex));
    t.index(['customer_id', 'viewed_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'profile_views',
    'anonymous_messages',
    'iban_info',
    'contact_buttons',
    'social_links',
    'customer_profiles',
    'customers',
    'rate_limits',
    'sessions',
    'administrators',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
