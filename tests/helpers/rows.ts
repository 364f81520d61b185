/** Every boolean column of the schema (migrations/20261121_0001_create_schema.ts). */
const BOOLEAN_COLUMNS = new Set([
  'is_active',
  'is_profile_visible',
  'is_phone_visible',
  'is_email_visible',
  'is_website_visible',
  'show_name_on_cover',
  'dark_mode',
  'is_visible',
  // lead_settings (migrations/20261126_0023_create_leads.ts)
  'enabled',
  'ask_phone',
  'ask_email',
  'ask_note',
  // Owner notifications' choices; a price list item's switches (is_visible is above).
  'on_message',
  'weekly',
  'sold_out',
  // Administrators' and invitations' only_assigned (0032, 0033); the second-factor rule (0035).
  'only_assigned',
  'require_second_factor',
]);

type Row = Record<string, unknown>;

/**
 * A row with its boolean columns as true/false. SQLite hands them over as 0/1 and PostgreSQL as
 * booleans, so assertions on raw rows read through this to hold on both.
 */
export function withBooleans<T extends Row | undefined>(row: T): T {
  if (!row) return row;
  const copy: Row = { ...row };
  for (const key of Object.keys(copy)) {
    if (BOOLEAN_COLUMNS.has(key) && copy[key] !== null) copy[key] = Boolean(copy[key]);
  }
  return copy as T;
}
