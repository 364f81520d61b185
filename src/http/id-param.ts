/**
 * A row id from the path (`:id`, `:linkId`): 1 to 10 digits, no leading zero, nothing else.
 * Anything else (`0`, `-1`, `1e3`, `01`, `1.0`, `0x1`, an SQL tail) is null, which every
 * loader answers with a 404 before the database is asked.
 */
export function idParam(raw: unknown): number | null {
  const text = String(raw ?? '');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}
