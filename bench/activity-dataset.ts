/**
 * The activity log's share of the bench data set: 100,000 entries over a year by three
 * administrators, about two in three naming one of the 10,000 customers (scenario l measures
 * the log's pages on them).
 */
import type Database from 'better-sqlite3';

export const ACTIVITY_ENTRIES = 100_000;
const YEAR_MS = 365 * 86_400_000;
const ADMINS = [
  [1, 'bench-admin@example.com'],
  [2, 'ikinci@example.com'],
  [3, 'ucuncu@example.com'],
] as const;
const CUSTOMER_ACTIONS = [
  'customer_edited',
  'slug_changed',
  'customer_activated',
  'customer_deactivated',
  'edit_link_replaced',
  'print_kit_downloaded',
  'customer_exported',
];
const OTHER_ACTIONS = ['sign_in', 'sign_out', 'customers_csv_exported', 'brand_changed'];

/**
 * Writes the entries oldest first, so ids grow with time as the app's do. Returns the customer the most entries name.
 */
export function seedActivity(db: Database.Database, now: number, random: () => number): { busiestCustomerId: number } {
  const customers = db.prepare('select id, name, surname, slug from customers order by id').all() as Array<{
    id: number;
    name: string;
    surname: string;
    slug: string;
  }>;
  const insert = db.prepare(
    `insert into admin_activity (created_at, action, admin_id, admin_email, customer_id, customer_name, ` +
      `customer_slug, detail_count, detail_from, detail_to)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  db.transaction(() => {
    for (let n = 0; n < ACTIVITY_ENTRIES; n += 1) {
      const at = now - YEAR_MS + Math.floor((n / ACTIVITY_ENTRIES) * YEAR_MS);
      const [adminId, email] = pick(ADMINS);
      // One customer in fifty is busy (a tenth of the entries); the rest spread over all of them.
      const customer = random() < 0.1 ? customers[0] : random() < 0.6 ? pick(customers) : undefined;
      const action = customer ? pick(CUSTOMER_ACTIONS) : pick(OTHER_ACTIONS);
      insert.run(
        at,
        action,
        adminId,
        email,
        customer?.id ?? null,
        customer ? `${customer.name} ${customer.surname}` : null,
        customer?.slug ?? null,
        action === 'customers_csv_exported' ? 1 + Math.floor(random() * 50) : null,
        action === 'slug_changed' ? (customer?.slug ?? null) : null,
        action === 'slug_changed' ? `${customer?.slug ?? ''}-yeni` : null,
      );
    }
  })();
  return { busiestCustomerId: customers[0]?.id ?? 1 };
}
