/**
 * The benchmark's data set, written straight into a fresh SQLite file: the app's migrations
 * first (through Knex, exactly as the server runs them), then bulk inserts with prepared
 * better-sqlite3 statements in a few transactions, which loads a million rows in seconds.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createDb, migrateLatest } from '../src/db.js';
import { dayKey } from '../src/lib/calendar.js';
import { newEditToken } from '../src/domain/edit-token.js';
import { customerSearchTextOf } from '../src/domain/customer-search.js';
import { foldSlug, pickFreeSlug } from '../src/domain/slug.js';
import { everyLink, MINIMAL_PDF } from '../tests/helpers/fixtures.js';
import { seedActivity } from './activity-dataset.js';
import { businessData, type BusinessData } from './business-data.js';
import { photoJpeg } from './images.js';
import { randomMessage, randomPerson, seededRandom } from './names.js';

export const DATASET = {
  customers: 10_000,
  links: 20,
  views: 1_000_000,
  viewDays: 400,
  messages: 10_000,
} as const;

export interface BenchProfile {
  id: number;
  slug: string;
  editToken: string;
  name: string;
  surname: string;
}

export interface Dataset {
  profile: BenchProfile;
  sqliteFile: string;
  loadMs: number;
  counts: Record<string, number>;
}

const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;
/** Share of a day's views in each hour (Istanbul wall clock): quiet at night, busy at lunch and evening. */
const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 1, 2, 3, 5, 6, 7, 8, 10, 10, 8, 7, 7, 8, 9, 10, 10, 9, 6, 4];

/** Offset of `timeZone` from UTC at `ms`, e.g. +3 h for Istanbul. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Midnight on the wall calendar of `timeZone`, `daysAgo` days before today. */
function zoneMidnight(now: number, daysAgo: number, timeZone: string): number {
  const [y, m, d] = dayKey(now, timeZone).split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d - daysAgo);
  return utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
}

/**
 * View times for `days` days ending now, oldest first: traffic grows over the period, is
 * higher at weekends and has a few "shared in a WhatsApp group" spikes.
 */
function viewTimes(total: number, days: number, now: number, timeZone: string, random: () => number): Float64Array {
  const weights: number[] = [];
  for (let d = 0; d < days; d += 1) {
    const start = zoneMidnight(now, days - 1 - d, timeZone);
    const weekday = new Date(start + 12 * 3_600_000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.3 : weekday === 5 ? 1.15 : 1;
    const spike = random() < 0.02 ? 3 : 1;
    // Today counts only for the part of it that has passed.
    const elapsed = d === days - 1 ? Math.max(0.01, (now - start) / DAY_MS) : 1;
    weights.push((0.4 + (0.6 * d) / days) * weekend * spike * (0.75 + random() * 0.5) * elapsed);
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const perDay = weights.map((w) => Math.floor((w / sum) * total));
  perDay[days - 2]! += total - perDay.reduce((a, b) => a + b, 0); // rounding remainder goes to yesterday

  const hourSum = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  const times = new Float64Array(total);
  let i = 0;
  for (let d = 0; d < days; d += 1) {
    const start = zoneMidnight(now, days - 1 - d, timeZone);
    const end = Math.min(now - 1, start + DAY_MS);
    const from = i;
    for (let n = 0; n < perDay[d]!; n += 1) {
      let r = random() * hourSum;
      let hour = 0;
      while (hour < 23 && r >= HOUR_WEIGHTS[hour]!) r -= HOUR_WEIGHTS[hour++]!;
      let t = start + (hour + random()) * 3_600_000;
      if (t >= end) t = start + random() * (end - start);
      times[i++] = Math.floor(t);
    }
    times.subarray(from, i).sort();
  }
  return times;
}

function fail(message: string): never {
  throw new Error(message);
}

/** Writes the bench profile's photo, cover and catalog files where the app serves them from. */
async function writeProfileFiles(uploadsDir: string, id: number): Promise<{ photo: string; cover: string }> {
  const dir = path.join(uploadsDir, String(id));
  await mkdir(dir, { recursive: true });
  const photo = 'profile-benchPhoto0000001.jpg';
  const cover = 'cover-benchCover00000001.jpg';
  await writeFile(path.join(dir, photo), await photoJpeg(400, 400, { noise: 24, quality: 90, seed: 2 }));
  await writeFile(path.join(dir, cover), await photoJpeg(1200, 450, { noise: 24, quality: 90, seed: 3 }));
  await writeFile(path.join(dir, 'katalog-2026.pdf'), MINIMAL_PDF);
  await writeFile(path.join(dir, 'fiyat-listesi.jpg'), await photoJpeg(600, 800, { noise: 10, quality: 85, seed: 4 }));
  return { photo: `/uploads/${id}/${photo}`, cover: `/uploads/${id}/${cover}` };
}

export async function buildDataset(dataDir: string, timeZone: string): Promise<Dataset> {
  const startedAt = performance.now();
  const sqliteFile = path.join(dataDir, 'vizit.sqlite');
  const uploadsDir = path.join(dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });

  // The schema exactly as the server makes it; the server then finds nothing left to migrate.
  const knex = createDb({ databaseUrl: null, sqliteFile });
  try {
    await migrateLatest(knex);
  } finally {
    await knex.destroy();
  }

  const random = seededRandom(20261121);
  const now = Date.now();
  const db = new Database(sqliteFile);
  try {
    // Load-time settings only: this connection is closed before the server opens the file.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -131072');
    db.pragma('foreign_keys = ON');

    const insertCustomer = db.prepare(
      'insert into customers (name, surname, slug, search_text, edit_token, is_active, created_at) values ' +
        '(?, ?, ?, ?, ?, ?, ?)',
    );
    const insertProfile = db.prepare(
      `insert into customer_profiles (customer_id, is_profile_visible, is_phone_visible, is_email_visible, ` +
        `is_website_visible,
         background_type, background_value, company, city, phone, email, updated_at) values (?, 1, 1, 1, 1, ` +
        `'color', '#f9fafb', ?, ?, ?, ?, ?)`,
    );
    const insertButton = db.prepare('insert into contact_buttons (customer_id, type, is_visible) values (?, ?, 1)');

    // Customers signed up over three years, oldest first; the bench profile is the first of
    // them, so it is old enough to have 400 days of views.
    const slugs = new Set<string>();
    // The bench profile's contact is the one written below with the rest of its page; no business, so its page weighs
    // what it did.
    const businessRandom = seededRandom(20261126);
    const benchContact: BusinessData = {
      company: null,
      city: null,
      phone: '+905321234567',
      email: 'merhaba@aysekaya.com.tr',
    };
    const threeYears = 3 * 365 * DAY_MS;
    const bench = db.transaction((): BenchProfile => {
      let profile: BenchProfile | null = null;
      for (let n = 0; n < DATASET.customers; n += 1) {
        const person = n === 0 ? { name: 'Ayşe', surname: 'Kaya' } : randomPerson(random);
        const slug = pickFreeSlug(foldSlug(person.name, person.surname), slugs);
        slugs.add(slug);
        const createdAt = now - threeYears + Math.floor((n / DATASET.customers) * (threeYears - 3_600_000));
        const token = newEditToken();
        // About one customer in 25 has been made passive; never the bench profile.
        const active = n === 0 || random() >= 0.04;
        const business = n === 0 ? benchContact : businessData(businessRandom, n, person.surname, slug);
        const searchText = customerSearchTextOf({ ...person, slug, ...business, oldSlugs: [] });
        const id = Number(
          insertCustomer.run(person.name, person.surname, slug, searchText, token, active ? 1 : 0, createdAt)
            .lastInsertRowid,
        );
        insertProfile.run(id, business.company, business.city, business.phone, business.email, createdAt);
        for (const type of ['email', 'phone', 'add_contact']) insertButton.run(id, type);
        if (n === 0) profile = { id, slug, editToken: token, ...person };
      }
      return profile ?? fail('bench profile not created');
    })();

    // The bench profile uses every block of the page, like seedFullProfile in the tests.
    const files = await writeProfileFiles(uploadsDir, bench.id);
    db.prepare(
      `update customer_profiles set bio = ?, phone = ?, email = ?, website = ?, profile_photo = ?, cover_photo = ?,
         show_name_on_cover = 1, updated_at = ? where customer_id = ?`,
    ).run(
      "Kadıköy'de el yapımı seramik atölyesi.\nKurslar, siparişler ve hediyelikler. Salı-Pazar 10:00-19:00.",
      '+905321234567',
      'merhaba@aysekaya.com.tr',
      'https://aysekaya.com.tr',
      files.photo,
      files.cover,
      now,
      bench.id,
    );
    const insertLink = db.prepare(
      'insert into social_links (customer_id, platform, url, label, icon, is_visible, order_index, ' +
        'created_at) values (?, ?, ?, ?, ?, 1, ?, ?)',
    );
    const links = everyLink(bench.id).slice(0, DATASET.links);
    db.transaction(() => {
      for (const link of links) {
        insertLink.run(bench.id, link.platform, link.url, link.label, link.icon ?? null, link.order_index, now);
      }
    })();
    db.prepare('insert into iban_info (customer_id, iban, account_holder, is_visible) values (?, ?, ?, 1)').run(
      bench.id,
      'TR330006100519786457841326',
      'Ayşe Kaya',
    );
    // English and German beside Turkish, the bio translated: the languages scenario reads the page in each.
    db.prepare("update customers set languages = 'en,de' where id = ?").run(bench.id);
    const insertText = db.prepare('insert into translations (customer_id, subject, lang, text) values (?, ?, ?, ?)');
    insertText.run(bench.id, 'bio', 'en', 'A handmade ceramics studio in Kadıköy.\nCourses, orders and gifts.');
    insertText.run(
      bench.id,
      'bio',
      'de',
      'Ein Atelier für handgemachte Keramik in Kadıköy.\nKurse, Bestellungen, Geschenke.',
    );
    // The opening hours its bio names (Salı-Pazar 10:00-19:00): the page's "Şimdi açık" is filled in per response.
    db.prepare('insert into opening_hours (customer_id, week, closed_dates, updated_at) values (?, ?, ?, ?)').run(
      bench.id,
      JSON.stringify([[], ...Array.from({ length: 6 }, () => [[600, 1140]])]),
      '[]',
      now,
    );

    // A million views, and their per-day counters computed with the app's own day-key rule.
    const times = viewTimes(DATASET.views, DATASET.viewDays, now, timeZone, random);
    const perDay = new Map<string, number>();
    const dayOfBucket = new Map<number, string>();
    const insertView = db.prepare('insert into profile_views (customer_id, viewed_at) values (?, ?)');
    db.transaction(() => {
      for (const t of times) {
        insertView.run(bench.id, t);
        // Time-zone offsets are whole quarter hours, so one day key per quarter hour is exact.
        const bucket = Math.floor(t / QUARTER_HOUR_MS);
        let day = dayOfBucket.get(bucket);
        if (day === undefined) {
          day = dayKey(bucket * QUARTER_HOUR_MS, timeZone);
          dayOfBucket.set(bucket, day);
        }
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      const insertDay = db.prepare('insert into profile_view_days (customer_id, day, views) values (?, ?, ?)');
      for (const [day, views] of perDay) insertDay.run(bench.id, day, views);
    })();

    const insertMessage = db.prepare(
      'insert into anonymous_messages (customer_id, message, created_at) values (?, ?, ?)',
    );
    const messageTimes = Array.from({ length: DATASET.messages }, () =>
      Math.floor(now - random() * DATASET.viewDays * DAY_MS),
    ).sort((a, b) => a - b);
    db.transaction(() => {
      for (const t of messageTimes) insertMessage.run(bench.id, randomMessage(random), t);
    })();

    seedActivity(db, now, random);

    db.pragma('wal_checkpoint(TRUNCATE)');
    const count = (sql: string): number => Number((db.prepare(sql).pluck().get() as number | bigint) ?? 0);
    const counts = {
      customers: count('select count(*) from customers'),
      customer_profiles: count('select count(*) from customer_profiles'),
      contact_buttons: count('select count(*) from contact_buttons'),
      social_links: count('select count(*) from social_links'),
      profile_views: count('select count(*) from profile_views'),
      profile_view_days: count('select count(*) from profile_view_days'),
      profile_view_days_sum: count('select sum(views) from profile_view_days'),
      anonymous_messages: count('select count(*) from anonymous_messages'),
      admin_activity: count('select count(*) from admin_activity'),
    };
    if (counts.profile_view_days_sum !== counts.profile_views) fail('per-day counters do not add up to the raw views');
    return { profile: bench, sqliteFile, loadMs: performance.now() - startedAt, counts };
  } finally {
    db.close();
  }
}
