/**
 * One slug namespace for companies and customers (docs/product.md, Companies) under concurrency: each table's unique
 * index guards only itself, so every claim holds the namespace for its transaction. A company created while a
 * customer's insert of the same slug is still open waits for it and is then told the slug is taken; a customer's
 * insert finding a company on its slug is refused as a unique index would refuse it, and the service picks the next.
 */
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { claimSlugNamespace } from '../../src/repositories/company.repository.js';
import { CustomerRepository } from '../../src/repositories/customer.repository.js';
import { isUniqueViolation } from '../../src/repositories/rows.js';
import { testsOnPostgres } from '../helpers/database.js';
import type { Session } from '../helpers/team.js';

const TAKEN = 'Bu adres başka bir müşteri ya da firma tarafından kullanılıyor.';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
}, 60_000);
afterAll(() => t.close());

/** Whether another session of this database waits for an advisory lock (PostgreSQL). */
async function waitingForAdvisoryLock(): Promise<boolean> {
  const { rows } = await t.db.raw(
    "select 1 from pg_stat_activity where datname = current_database() and wait_event = 'advisory'",
  );
  return rows.length > 0;
}

it('a company waits for a customer taking its slug in an open transaction, and is refused', async () => {
  const trx = await t.db.transaction();
  await claimSlugNamespace(trx);
  await trx('customers').insert({
    name: 'Deniz',
    surname: 'Ak',
    slug: 'denizemlak',
    edit_token: 'd'.repeat(43),
    created_at: 1,
  });
  // Asked while the customer's insert is open: on PostgreSQL the company's transaction must be seen waiting for the
  // namespace before the customer's commits (without the claim it would answer at once, having seen no customer).
  let answered = false;
  const answer = owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Deniz Emlak', slug: 'denizemlak' })
    .then((res) => {
      answered = true;
      return res;
    });
  if (testsOnPostgres) {
    while (!answered && !(await waitingForAdvisoryLock())) await setTimeout(20);
  }
  await trx.commit();
  const res = await answer;
  expect(res.status).toBe(422);
  expect(res.text).toContain(TAKEN);
  expect(await t.db('companies').where({ slug: 'denizemlak' }).first()).toBeUndefined();
});

it("a customer's insert on a company's slug is refused as a unique index refuses it", async () => {
  await t.db('companies').insert({ slug: 'marmaraoto', name: 'Marmara Oto', created_at: 1, updated_at: 1 });
  const customers = new CustomerRepository(t.db);
  const attempt = customers.createWithDefaults({
    name: 'Marmara',
    surname: 'Oto',
    slug: 'marmaraoto',
    editToken: 'm'.repeat(43),
    createdAt: 1,
  });
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUniqueViolation(err)).toBe(true);
  expect(await t.db('customers').where({ slug: 'marmaraoto' }).first()).toBeUndefined();
});
