/**
 * Card code batches made at the same moment by two instances (issue 40; docs/product.md, Card codes): two app
 * processes are two connection pools on one database; here two repositories over two pools make a batch of 1,000 at
 * once, drawing from only 2,400 codes so that they collide all the time. Each batch still gets 1,000 codes of its
 * own and no code is in both.
 */
import { afterEach, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../src/db.js';
import { CARD_CODE_ALPHABET } from '../../src/domain/card-code.js';
import { CardCodeRepository } from '../../src/repositories/card-code.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
let other: Db | null = null;
afterEach(async () => {
  await other?.destroy();
  other = null;
  await opened.close();
});

/** 2,400 codes: `22` then four characters counting up in the alphabet. */
const POOL = Array.from({ length: 2400 }, (_, n) => {
  let code = '';
  for (let rest = n, i = 0; i < 4; i += 1, rest = Math.floor(rest / 32)) code = CARD_CODE_ALPHABET[rest % 32] + code;
  return `22${code}`;
});
const fromPool = () => POOL[Math.floor(Math.random() * POOL.length)]!;

it('gives two batches made at once 1,000 codes each, none shared', { timeout: 60_000 }, async () => {
  opened = await openMigrationTestDb('vizit-card-codes-');
  await migrateLatest(opened.db);
  other = createDb({ databaseUrl: opened.databaseUrl, sqliteFile: opened.sqliteFile });
  const a = new CardCodeRepository(opened.db, fromPool);
  const b = new CardCodeRepository(other, fromPool);

  const [first, second] = await Promise.all([
    a.createBatch('nfc', 'A', 1000, null, 1),
    b.createBatch('qr', 'B', 1000, null, 1),
  ]);
  const codesOf = async (batchId: number) =>
    (await opened.db('card_codes').where({ batch_id: batchId })).map((row) => String(row.code));
  const [ofFirst, ofSecond] = [await codesOf(first), await codesOf(second)];
  expect(ofFirst).toHaveLength(1000);
  expect(ofSecond).toHaveLength(1000);
  expect(new Set([...ofFirst, ...ofSecond]).size).toBe(2000);
  expect((await a.batches()).map((batch) => [batch.label, batch.size, batch.assigned])).toEqual([
    ['B', 1000, 0],
    ['A', 1000, 0],
  ]);
});

it('migration 0041 comes and goes with its four tables', async () => {
  opened = await openMigrationTestDb('vizit-card-codes-migration-');
  expect(await opened.migrateUpTo('20261130_0041_create_card_codes')).toBeGreaterThan(0);
  expect(await opened.db.schema.hasTable('card_codes')).toBe(false);
  await migrateLatest(opened.db);
  for (const table of ['card_code_batches', 'card_codes', 'card_code_assignments', 'card_code_view_days']) {
    expect(await opened.db.schema.hasTable(table), table).toBe(true);
  }
  await opened.migrateDownThrough('20261130_0041_create_card_codes');
  expect(await opened.db.schema.hasTable('card_code_batches')).toBe(false);
  expect(await opened.db.schema.hasTable('card_code_view_days')).toBe(false);
});
