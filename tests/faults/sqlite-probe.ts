/**
 * What the disk-full test checks in the SQLite file, read-only, printed as JSON; run where the
 * file really is (tests/faults/small-disk.ts nodeArgs):
 *
 *   node --import tsx tests/faults/sqlite-probe.ts <vizit.sqlite>
 */
import Database from 'better-sqlite3';

const file = process.argv[2];
if (!file) throw new Error('usage: sqlite-probe.ts <sqlite file>');
const db = new Database(file, { readonly: true, fileMustExist: true });
const report = {
  integrity: db.pragma('integrity_check', { simple: true }) as string,
  customers: db.prepare('select id, slug, edit_token as token from customers order by id').all(),
  messages: db
    .prepare('select message from anonymous_messages')
    .all()
    .map((r) => (r as { message: string }).message),
  links: db
    .prepare('select id from social_links')
    .all()
    .map((r) => (r as { id: number }).id),
  photos: db.prepare('select customer_id as customerId, profile_photo as profilePhoto from customer_profiles').all(),
};
db.close();
process.stdout.write(JSON.stringify(report));
