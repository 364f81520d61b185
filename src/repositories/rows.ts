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

/** A customer's new slug found taken by a company inside its transaction: the one namespace's unique index. */
export class SlugNamespaceTaken extends Error {
  readonly code = 'VIZIT_SLUG_NAMESPACE';
  constructor(slug: string) {
    super(`slug taken by a company: ${slug}`);
  }
}

/** A write refused by a unique index or primary key, on SQLite or PostgreSQL, or by the slugs' one namespace. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505', 'VIZIT_SLUG_NAMESPACE'].includes(
      e.code ?? '',
    ) || /UNIQUE constraint/.test(e.message ?? '')
  );
}
