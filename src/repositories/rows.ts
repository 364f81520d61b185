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
