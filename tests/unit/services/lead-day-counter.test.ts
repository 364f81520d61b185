import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { createLogger } from '../../../src/logger.js';
import { LeadRepository } from '../../../src/repositories/lead.repository.js';
import { LeadDayCounter } from '../../../src/services/lead-day-counter.js';

describe('LeadDayCounter', () => {
  let dir: string;
  let db: Db;
  let ids: number[];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-lead-days-'));
    db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'vizit.sqlite') });
    await migrateLatest(db);
    ids = [];
    for (const slug of ['ayse', 'ali']) {
      const [row] = await db('customers')
        .insert({ name: slug, surname: 'K', slug, edit_token: `token-${slug}`, is_active: true, created_at: 1 })
        .returning('id');
      ids.push(Number(typeof row === 'object' ? (row as { id: unknown }).id : row));
    }
  });
  afterAll(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const days = async () =>
    (await db('lead_days').orderBy(['customer_id', 'day'])).map((r) => [Number(r.customer_id), r.day, Number(r.leads)]);

  it('writes the leads gathered per customer and day in one go, and adds to the counters after', async () => {
    const counter = new LeadDayCounter(new LeadRepository(db), createLogger('silent'));
    const [ayse, ali] = ids as [number, number];
    counter.add(ayse, '2026-11-26');
    counter.add(ali, '2026-11-26');
    counter.add(ayse, '2026-11-26');
    counter.add(ayse, '2026-11-25');
    expect(await days()).toEqual([]);
    await counter.flush();
    expect(await days()).toEqual([
      [ayse, '2026-11-25', 1],
      [ayse, '2026-11-26', 2],
      [ali, '2026-11-26', 1],
    ]);
    counter.add(ayse, '2026-11-26');
    await counter.stop();
    expect(await days()).toEqual([
      [ayse, '2026-11-25', 1],
      [ayse, '2026-11-26', 3],
      [ali, '2026-11-26', 1],
    ]);
    await counter.flush();
    expect(await days()).toHaveLength(3);
  });
});
