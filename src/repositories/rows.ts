/** SQLite answers 0/1 and integers, PostgreSQL true/false and bigint strings: one reading for both. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function toInt(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

/** `count(*)` comes back as a number or a string depending on the driver. */
export function countOf(rows: ReadonlyArray<Record<string, unknown>>): number {
  const first = rows[0];
  return first ? toInt(Object.values(first)[0]) : 0;
}

/** A write refused by a unique index or primary key, on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'].includes(e.code ?? '') ||
    /UNIQUE constraint/.test(e.message ?? '')
  );
}
