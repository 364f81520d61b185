import type { Knex } from 'knex';
import { isPostgres } from '../db.js';

/**
 * Deletes every stored session of one administrator: signed in (`adminId`) or half way through a
 * sign-in with the second factor (`pendingSignIn.adminId`). The sessions table is
 * connect-session-knex's (middleware/session.ts): `sess` is JSON text on SQLite and a json column
 * on PostgreSQL. `sessions_revoked_at` ends them too on their next request; deleting the rows
 * means nothing of them is left to steal. Returns how many were deleted.
 */
export async function deleteAdministratorSessions(db: Knex | Knex.Transaction, adminId: number): Promise<number> {
  const id = Math.trunc(adminId);
  if (isPostgres(db as Knex)) {
    return db('sessions')
      .whereRaw(`sess->>'adminId' = ?`, [String(id)])
      .orWhereRaw(`sess->'pendingSignIn'->>'adminId' = ?`, [String(id)])
      .delete();
  }
  return db('sessions')
    .whereRaw(`json_extract(sess, '$.adminId') = ?`, [id])
    .orWhereRaw(`json_extract(sess, '$.pendingSignIn.adminId') = ?`, [id])
    .delete();
}
