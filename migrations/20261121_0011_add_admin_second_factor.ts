import type { Knex } from 'knex';

/**
 * The administrator's optional second factor (docs/product.md, Administrator):
 *
 * - administrators.totp_secret: the TOTP secret, encrypted (AES-256-GCM, key derived from
 *   SESSION_SECRET); set while enrolling and kept once turned on; null when off.
 * - administrators.totp_enabled_at (ms): null while the second factor is off.
 * - administrators.totp_last_step: the 30 s step of the last accepted code, so a code is
 *   accepted once.
 * - administrator_recovery_codes: ten one-time codes per administrator, as SHA-256 hashes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('administrators', (t) => {
    t.string('totp_secret', 255).nullable();
    t.bigInteger('totp_enabled_at').nullable();
    t.bigInteger('totp_last_step').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('administrator_recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('administrator_id').unsigned().notNullable().references('id').inTable('administrators').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.bigInteger('used_at').nullable();
    t.unique(['administrator_id', 'code_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('administrator_recovery_codes');
  await knex.schema.alterTable('administrators', (t) => {
    t.dropColumn('totp_last_step');
    t.dropColumn('totp_enabled_at');
    t.dropColumn('totp_secret');
  });
}
