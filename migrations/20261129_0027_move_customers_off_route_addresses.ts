import type { Knex } from 'knex';
import { pickFreeSlug } from '../src/domain/slug.js';

/**
 * Newly reserved addresses a route of the server answers under, so a customer holding one would
 * lose part of their page to it: `/k/{code}` (the card codes' short links) takes every `/k/…`,
 * the page's QR codes and vCard among them. Frozen here, as the rule stood when this ran.
 *
 * `notifications` was reserved with it and is not here: its routes are
 * `/notifications/confirm|unsubscribe/{token}`, none of them a customer's page, so a customer who
 * already holds it keeps their address and every printed card that carries it.
 */
const SHADOWED = ['k'] as const;

/**
 * Each customer holding one of them moves to the first free `-2`, `-3`, ... and the old address
 * becomes a redirect to the new one, as an administrator's change of address does
 * (docs/product.md, Administrator). The search text is written again by a later migration.
 */
export async function up(knex: Knex): Promise<void> {
  const holders: Array<{ id: number; slug: string }> = await knex('customers').select('id', 'slug').whereIn('slug', [...SHADOWED]);
  for (const holder of holders) {
    await knex.transaction(async (trx) => {
      const [current, old] = await Promise.all([
        trx('customers').select({ slug: 'slug' }).where('slug', 'like', `${holder.slug}-%`),
        trx('slug_redirects').select({ slug: 'old_slug' }).where('old_slug', 'like', `${holder.slug}-%`),
      ]);
      const taken = new Set([...current, ...old].map((row: { slug: string }) => row.slug));
      const newSlug = pickFreeSlug(holder.slug, taken);
      await trx('slug_redirects').insert({ old_slug: holder.slug, customer_id: holder.id, created_at: Date.now() });
      await trx('customers').where({ id: holder.id }).update({ slug: newSlug, version: trx.raw('version + 1') });
    });
  }
}

/** Nothing to undo: the old address leads to the new one, as every changed address does. */
export async function down(): Promise<void> {}
