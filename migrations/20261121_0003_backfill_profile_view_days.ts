import type { Knex } from 'knex';

/**
 * Fills profile_view_days from the raw profile_views rows that existed before the counters.
 *
 * Self-contained on purpose (a shipped migration must not change when app code does), so it
 * carries its own copy of the day-key rule: the calendar day in the statistics time zone,
 * read from the environment exactly as the app's config reads it (APP_TIMEZONE, then TZ,
 * then Europe/Istanbul). The server runs migrations with the environment it serves with, so
 * both agree.
 *
 * It rebuilds rather than adds: the table is emptied first, so running it again (or on a
 * database where the app already counted some views) still gives counts equal to the raw
 * rows. Rows are read in id order in batches, keyset-paginated, so memory stays flat however
 * many views there are.
 */

const BATCH_SIZE = 2000;

function statisticsTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const zone = env.APP_TIMEZONE?.trim() || env.TZ?.trim() || 'Europe/Istanbul';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new Error(`APP_TIMEZONE/TZ is not a known time zone: "${zone}"`);
  }
  return zone;
}

function dayKeyFormatter(timeZone: string): (ms: number) => string {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    numberingSystem: 'latn',
    calendar: 'gregory',
  });
  return (ms) => {
    const parts: Record<string, string> = {};
    for (const part of formatter.formatToParts(ms)) parts[part.type] = part.value;
    return `${(parts.year ?? '').padStart(4, '0')}-${parts.month ?? ''}-${parts.day ?? ''}`;
  };
}

export async function up(knex: Knex): Promise<void> {
  const dayOf = dayKeyFormatter(statisticsTimeZone());
  await knex('profile_view_days').delete();

  let lastId = 0;
  for (;;) {
    const rows: Array<{ id: number | string; customer_id: number | string; viewed_at: number | string }> = await knex(
      'profile_views',
    )
      .select('id', 'customer_id', 'viewed_at')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH_SIZE);
    const last = rows[rows.length - 1];
    if (!last) break;
    lastId = Number(last.id);

    // Group the batch first: a batch is mostly one customer's few days, so few upserts.
    const groups = new Map<string, { customerId: number; day: string; views: number }>();
    for (const row of rows) {
      const customerId = Number(row.customer_id);
      const day = dayOf(Number(row.viewed_at));
      const key = `${customerId}|${day}`;
      const group = groups.get(key);
      if (group) group.views += 1;
      else groups.set(key, { customerId, day, views: 1 });
    }
    for (const group of groups.values()) {
      await knex('profile_view_days')
        .insert({ customer_id: group.customerId, day: group.day, views: group.views })
        .onConflict(['customer_id', 'day'])
        .merge({ views: knex.raw('?? + ?', ['profile_view_days.views', group.views]) });
    }
  }
}

/** The counters go with the table in 0002's down; here they are only emptied. */
export async function down(knex: Knex): Promise<void> {
  await knex('profile_view_days').delete();
}
