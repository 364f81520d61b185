import type { Knex } from 'knex';

/**
 * admin_invitations: the team page's invitations (docs/product.md, Administrators and roles). Only the SHA-256 of a
 * link's token is stored, so the table never holds a working link. The e-mail is in sign-in's one form
 * (domain/admin-email.ts); the role and `only_assigned` are what the new administrator gets. A row works once
 * (used_at) until expires_at (ms, as every time here); a new invitation to the same address replaces an open one.
 * Who invited goes to null with their administrator.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_invitations', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().index();
    t.string('role', 16).notNullable();
    t.boolean('only_assigned').notNullable().defaultTo(false);
    t.string('token_hash', 64).notNullable().unique();
    t.integer('invited_by').nullable().references('id').inTable('administrators').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_invitations');
}
