/** A company's public team page (docs/product.md, Companies): the company, its active members, its views. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dayKey } from '../lib/calendar.js';
import type { PageState } from './customer.repository.js';
import { addToCounters, countGroups } from './day-counters.js';
import { mapNow, PreparedQuery, type MaybeAsync } from './prepared-query.js';
import { toBool, toInt } from './rows.js';
import { claimBatch, type ViewRow } from './view.repository.js';

/** What the team page shows of the company: its name, the template's business name, address and logo. */
export interface TeamCompany {
  id: number;
  slug: string;
  name: string;
  /** The version of the page: the company's and its active members' (teamPageKey), read with the company. */
  version: number;
  company: string | null;
  addressLine: string | null;
  district: string | null;
  city: string | null;
  postalCode: string | null;
  logoPath: string | null;
  /** The template's accent (#rrggbb), or null for the agency's. */
  accent: string | null;
}

/** An active member as the team page lists them: their own name, title and photo. */
export interface TeamMember {
  name: string;
  surname: string;
  slug: string;
  title: string | null;
  /** The uploaded photo when the member shows it, else null. */
  photo: string | null;
}

/**
 * The aggregates the page's version is made of: the company's version (a template save raises it), and the active
 * members' count, the sum of their versions (any change of a card raises its member's) and of their ids (which
 * members they are). None of the company's rows is read besides them, so the one query stays cheap for 50 members.
 * A customer holding the slug wins the address: then no row (the profile answers).
 */
const STATE_SQL =
  'select c.id, c.version, count(m.id) as members, coalesce(sum(m.version), 0) as versions, ' +
  'coalesce(sum(m.id), 0) as ids from companies c ' +
  'left join customers m on m.company_id = c.id and m.is_active = true ' +
  'where c.slug = ? and not exists (select 1 from customers x where x.slug = c.slug) group by c.id, c.version';

/** FNV-1a over `text`, from `seed`: 32 bits. */
function fnv(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The page's version as one number (52 bits of two hashes of the aggregates), for the cache and the ETag. */
export function teamPageKey(row: Record<string, unknown>): number {
  const text = [row.version, row.members, row.versions, row.ids].map((v) => String(toInt(v))).join('.');
  return fnv(text, 0x811c9dc5) * 0x100000 + (fnv(text, 0x050c5d1f) >>> 12);
}

function toTeamCompany(row: Record<string, unknown>, version: number): TeamCompany {
  const text = (value: unknown) => (value == null || value === '' ? null : String(value));
  return {
    id: toInt(row.id),
    slug: String(row.slug),
    name: String(row.name),
    version,
    company: text(row.company),
    addressLine: text(row.address_line),
    district: text(row.district),
    city: text(row.city),
    postalCode: text(row.postal_code),
    logoPath: text(row.logo_path),
    accent: text(row.accent),
  };
}

export class TeamPageRepository {
  private readonly stateBySlug: PreparedQuery<Record<string, unknown>>;

  constructor(private readonly db: Knex) {
    this.stateBySlug = new PreparedQuery(db, 'vizit_team_page_state', STATE_SQL);
  }

  /** The page's state now (PageStates of the fast path): synchronously on SQLite, a promise on PostgreSQL. */
  pageStateBySlugNow(slug: string): MaybeAsync<PageState | null> {
    return mapNow(this.stateBySlug.firstNowShared(slug), (row) =>
      row ? { id: toInt(row.id), isActive: true, version: teamPageKey(row) } : null,
    );
  }

  /** The company of `slug` with its page's version, or null (none, or a customer holds the slug). */
  async findBySlug(slug: string): Promise<TeamCompany | null> {
    const state = await this.stateBySlug.first([slug]);
    if (!state) return null;
    const row = await this.db('companies')
      .where({ id: toInt(state.id) })
      .first();
    return row ? toTeamCompany(row, teamPageKey(state)) : null;
  }

  /** The active members, by name. */
  async members(companyId: number): Promise<TeamMember[]> {
    const rows: Array<Record<string, unknown>> = await this.db('customers as c')
      .leftJoin('customer_profiles as p', 'p.customer_id', 'c.id')
      .where({ 'c.company_id': companyId, 'c.is_active': true })
      .select('c.name', 'c.surname', 'c.slug', 'p.title', 'p.profile_photo', 'p.is_profile_visible')
      .orderBy([
        { column: 'c.name_sort_key', order: 'asc' },
        { column: 'c.id', order: 'asc' },
      ]);
    return rows.map((row) => ({
      name: String(row.name),
      surname: String(row.surname),
      slug: String(row.slug),
      title: row.title == null || row.title === '' ? null : String(row.title),
      photo: toBool(row.is_profile_visible) && row.profile_photo ? String(row.profile_photo) : null,
    }));
  }

  /** Closes the SQLite read connection of the state lookup (PreparedQuery). */
  closeReadConnection(): void {
    this.stateBySlug.close();
  }
}

/** The team pages' views: `customerId` of a ViewRow is the company's id. */
export class TeamViewRepository {
  constructor(
    private readonly db: Knex,
    /** Day boundaries of the statistics (APP_TIMEZONE). */
    private readonly timeZone: string,
  ) {}

  /** A batch in one transaction, written once per id (view_batches), as ViewRepository.insertMany. */
  async insertMany(views: ReadonlyArray<ViewRow>, batchId: string = randomUUID(), now = Date.now()): Promise<boolean> {
    if (views.length === 0) return true;
    const groups = countGroups(
      views,
      (v) => [v.customerId, dayKey(v.viewedAt, this.timeZone), v.source ?? 'direct'] as const,
    );
    return this.db.transaction(async (trx) => {
      if (!(await claimBatch(trx, batchId, now))) return false;
      await addToCounters(
        trx,
        'company_view_days',
        ['company_id', 'day', 'source'],
        'views',
        groups.map(({ key: [companyId, day, source], count }) => ({
          company_id: companyId,
          day,
          source,
          views: count,
        })),
      );
      return true;
    });
  }

  /** Every view of the company's team page. */
  async total(companyId: number): Promise<number> {
    const row: { views?: unknown } | undefined = await this.db('company_view_days')
      .where({ company_id: companyId })
      .sum({ views: 'views' })
      .first();
    return row?.views == null ? 0 : toInt(row.views);
  }
}
