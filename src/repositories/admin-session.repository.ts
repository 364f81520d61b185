import type { Knex } from 'knex';
import { jsonNumberIs } from './dialect.js';

/**
 * Deletes every stored session of one administrator: signed in (`adminId`) or half way through a
 * sign-in with the second factor (`pendingSignIn.adminId`). The sessions table is
 * connect-session-knex's (middleware/session.ts): `sess` is JSON text on SQLite and a json column
 * on PostgreSQL. `sessions_revoked_at` ends them too on their next request; deleting the rows
 * means nothing of them is left to steal. Returns how many were deleted.
 */
export async function deleteAdministratorSessions(db: Knex | Knex.Transaction, adminId: number): Promise<number> {
  const id = Math.trunc(adminId);
  return db('sessions')
    .whereRaw(...jsonNumberIs(db, 'sess', ['adminId'], id))
    .orWhereRaw(...jsonNumberIs(db, 'sess', ['pendingSignIn', 'adminId'], id))
    .delete();
}
