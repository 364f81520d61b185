import type { Knex } from 'knex';

/** Rows per INSERT: well under SQLite's 32766 bound parameters, whatever the columns. */
export const INSERT_CHUNK = 200;

type KeyPart = string | number;

export interface CountedGroup<K extends readonly KeyPart[]> {
  key: K;
  count: number;
}

function compareKeys(a: readonly KeyPart[], b: readonly KeyPart[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const [x, y] = [a[i]!, b[i]!];
    if (x !== y) return typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/**
 * Items counted per key, the groups sorted by their key parts, so that two writers always lock
 * counter rows in the same order (on PostgreSQL a different order could deadlock).
 */
export function countGroups<T, K extends readonly KeyPart[]>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
): Array<CountedGroup<K>> {
  const groups = new Map<string, CountedGroup<K>>();
  for (const item of items) {
    const key = keyOf(item);
    const id = key.join('|');
    const group = groups.get(id);
    if (group) group.count += 1;
    else groups.set(id, { key, count: 1 });
  }
  return [...groups.values()].sort((a, b) => compareKeys(a.key, b.key));
}

/**
 * Adds `rows` to the counter column `count` of `table`: one INSERT ... ON CONFLICT DO UPDATE per
 * chunk, the same SQL on SQLite (3.24+) and PostgreSQL, so another instance's batch simply adds
 * to it. `conflict` names the unique key of a counter row.
 */
export async function addToCounters(
  trx: Knex.Transaction,
  table: string,
  conflict: readonly string[],
  count: string,
  rows: ReadonlyArray<Record<string, KeyPart>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx(table)
      .insert(rows.slice(i, i + INSERT_CHUNK))
      .onConflict([...conflict])
      .merge({ [count]: trx.raw('?? + excluded.??', [`${table}.${count}`, count]) });
  }
}
