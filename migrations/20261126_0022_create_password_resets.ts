import type { Knex } from 'knex';

/**
 * password_resets: the one-time links of "Şifremi unuttum" (docs/product.md, Administrator).
 * Only the SHA-256 of a link's token is stored, so the table never holds a working link. A row
 * lasts an hour (expires_at, ms) and works once (used_at); a reset marks every other open row of
 * that administrator used too. The rows go with their administrator.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id').primary();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('administrator_id').notNullable().references('id').inTable('administrators').onDelete('CASCADE').index();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_resets');
}
