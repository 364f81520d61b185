/**
 * A company's template and shared links (docs/product.md, Companies): read for the company page and for every
 * member's card, written in one transaction that raises the company's and every member's version, so each member's
 * cached page, vCard, sharing image and print data are made again at once.
 */
import type { Knex } from 'knex';
import {
  formatLockedFields,
  mergeLocks,
  parseLockedFields,
  TEMPLATE_FIELDS,
  type CompanyTemplate,
  type TemplateField,
  type TemplateLock,
} from '../domain/company-template.js';
import { decodeClosedDates, decodeWeek, encodeWeek, type OpeningHours } from '../domain/opening-hours.js';
import type { LinkValues } from './link.repository.js';
import type { SocialLink } from './profile.repository.js';
import { toBool, toInt } from './rows.js';
import { forgetCompanyTranslations } from './translation.repository.js';

/** The template's columns of `companies`, selected under a prefix so they can sit beside a profile's. */
const TEMPLATE_COLUMNS = [
  ...TEMPLATE_FIELDS,
  'logo_path',
  'accent',
  'locked_fields',
  'background_type',
  'background_value',
  'cover_photo',
] as const;

/** `select` aliases `{prefix}{column}` for the template columns of the joined `companies`. */
export function templateSelect(prefix: string): Record<string, string> {
  return Object.fromEntries([
    [`${prefix}id`, 'companies.id'],
    ...TEMPLATE_COLUMNS.map((column) => [`${prefix}${column}`, `companies.${column}`]),
  ]);
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));

/** The template in a row read with templateSelect(prefix) (or a `companies` row, prefix ''); null, no company. */
export function templateFromRow(row: Record<string, unknown>, prefix: string): CompanyTemplate | null {
  if (row[`${prefix}id`] == null) return null;
  const values = Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, text(row[`${prefix}${field}`])]));
  const backgroundType = text(row[`${prefix}background_type`]);
  return {
    companyId: toInt(row[`${prefix}id`]),
    values: values as Record<TemplateField, string | null>,
    locked: parseLockedFields(row[`${prefix}locked_fields`]),
    logoPath: text(row[`${prefix}logo_path`]),
    accent: text(row[`${prefix}accent`]),
    background: backgroundType ? { type: backgroundType, value: text(row[`${prefix}background_value`]) ?? '' } : null,
    cover: text(row[`${prefix}cover_photo`]),
  };
}

/** What a save of the company's background and cover writes; null, none. */
export interface LookWrite {
  background: { type: string; value: string } | null;
  cover: string | null;
  lockBackground: boolean;
  lockCover: boolean;
}

/** A shared link as a member's page shows it: its id negated, so it is never taken for one of the member's own. */
export function companyLinkAsSocial(row: Record<string, unknown>, customerId: number): SocialLink {
  return {
    id: -toInt(row.id),
    customerId,
    platform: String(row.platform),
    url: String(row.url),
    label: String(row.label),
    icon: text(row.icon),
    isVisible: toBool(row.is_visible),
    orderIndex: toInt(row.order_index),
  };
}

export interface CompanyLink {
  id: number;
  platform: string;
  url: string;
  label: string;
  /** Taps on members' pages since the day `links` was asked from (company_link_click_days). */
  taps: number;
}

/** What a template save writes: the text fields, the locks, the accent; `logoPath` undefined keeps the logo. */
export interface TemplateWrite {
  values: Record<TemplateField, string | null>;
  locked: ReadonlySet<TemplateField>;
  accent: string | null;
  logoPath?: string | null;
}

export class CompanyTemplateRepository {
  constructor(private readonly db: Knex) {}

  async template(companyId: number): Promise<CompanyTemplate | null> {
    const row = await this.db('companies').where({ id: companyId }).first();
    return row ? templateFromRow(row, '') : null;
  }

  /** The company's shared links, each with its taps on members' pages from `since` (`YYYY-MM-DD`) on. */
  async links(companyId: number, since: string): Promise<CompanyLink[]> {
    const [rows, taps] = await Promise.all([
      this.db('company_links')
        .where({ company_id: companyId })
        .orderBy([{ column: 'order_index' }, { column: 'id' }]) as Promise<Array<Record<string, unknown>>>,
      this.db('company_link_click_days')
        .where({ company_id: companyId })
        .where('day', '>=', since)
        .groupBy('link_id')
        .select('link_id')
        .sum({ clicks: 'clicks' }) as Promise<Array<{ link_id: unknown; clicks: unknown }>>,
    ]);
    const tapsOf = new Map(taps.map((row) => [toInt(row.link_id), toInt(row.clicks)]));
    return rows.map((row) => ({
      id: toInt(row.id),
      platform: String(row.platform),
      url: String(row.url),
      label: String(row.label),
      taps: tapsOf.get(toInt(row.id)) ?? 0,
    }));
  }

  /**
   * Runs `work` in one transaction with the company's version and every member's raised by one UPDATE each: a change
   * of the template reaches every member's card at once. Answers work's result, or null for an unknown company.
   */
  private changing<T>(companyId: number, at: number, work: (trx: Knex.Transaction) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (trx) => {
      const found = await trx('companies')
        .where({ id: companyId })
        .update({ version: trx.raw('version + 1'), updated_at: at });
      if (found === 0) return null;
      const result = await work(trx);
      await trx('customers')
        .where({ company_id: companyId })
        .update({ version: trx.raw('version + 1') });
      return result;
    });
  }

  /** Saves the template; answers the logo path it replaced (null: none), or undefined for an unknown company. */
  async save(companyId: number, write: TemplateWrite, at: number): Promise<{ replacedLogo: string | null } | null> {
    return this.changing(companyId, at, async (trx) => {
      const before = await trx('companies').where({ id: companyId }).first('logo_path', 'locked_fields');
      const logo = write.logoPath === undefined ? {} : { logo_path: write.logoPath };
      const locked = mergeLocks(parseLockedFields(before?.locked_fields), TEMPLATE_FIELDS, write.locked);
      await trx('companies')
        .where({ id: companyId })
        .update({ ...write.values, accent: write.accent, locked_fields: formatLockedFields(locked), ...logo });
      const old = text(before?.logo_path);
      return { replacedLogo: write.logoPath !== undefined && old !== write.logoPath ? old : null };
    });
  }

  /** The company's opening hours as stored, or null when it has none. */
  async hours(companyId: number): Promise<OpeningHours | null> {
    const row = (await this.db('company_opening_hours')
      .where({ company_id: companyId })
      .first('week', 'closed_dates')) as { week: string; closed_dates: string } | undefined;
    return row ? { week: decodeWeek(row.week), closedDates: decodeClosedDates(row.closed_dates) } : null;
  }

  /** Saves the company's hours whole and whether they are locked; false for an unknown company. */
  async saveHours(companyId: number, hours: OpeningHours, locked: boolean, at: number): Promise<boolean> {
    const row = { week: encodeWeek(hours.week), closed_dates: JSON.stringify(hours.closedDates), updated_at: at };
    const saved = await this.changing(companyId, at, async (trx) => {
      const before = await trx('companies').where({ id: companyId }).first('locked_fields');
      const locks = mergeLocks(parseLockedFields(before?.locked_fields), ['hours'], new Set(locked ? ['hours'] : []));
      await trx('companies')
        .where({ id: companyId })
        .update({ locked_fields: formatLockedFields(locks) });
      await trx('company_opening_hours')
        .insert({ company_id: companyId, ...row })
        .onConflict('company_id')
        .merge(row);
      return true;
    });
    return saved ?? false;
  }

  /**
   * Saves the company's background and cover and their locks; answers the uploaded images the save stopped pointing
   * at (to be removed), or null for an unknown company.
   */
  async saveLook(companyId: number, look: LookWrite, at: number): Promise<{ replaced: string[] } | null> {
    return this.changing(companyId, at, async (trx) => {
      const before = await trx('companies')
        .where({ id: companyId })
        .first('locked_fields', 'background_value', 'cover_photo');
      const sent = new Set<TemplateLock>();
      if (look.lockBackground) sent.add('background');
      if (look.lockCover) sent.add('cover');
      const locks = mergeLocks(parseLockedFields(before?.locked_fields), ['background', 'cover'], sent);
      await trx('companies')
        .where({ id: companyId })
        .update({
          background_type: look.background?.type ?? null,
          background_value: look.background?.value ?? null,
          cover_photo: look.cover,
          locked_fields: formatLockedFields(locks),
        });
      const now = new Set([look.background?.value, look.cover]);
      const old = [text(before?.background_value), text(before?.cover_photo)];
      return { replaced: old.filter((path): path is string => !!path?.startsWith('/uploads/') && !now.has(path)) };
    });
  }

  /** A shared link at the end of the company's list. */
  async addLink(companyId: number, values: LinkValues, at: number): Promise<number | null> {
    return this.changing(companyId, at, async (trx) => {
      const rows: Array<Record<string, unknown>> = await trx('company_links')
        .where({ company_id: companyId })
        .count({ n: '*' });
      const [row] = await trx('company_links')
        .insert({ company_id: companyId, ...values, is_visible: true, order_index: toInt(rows[0]?.n), created_at: at })
        .returning('id');
      return toInt(typeof row === 'object' ? (row as { id: unknown }).id : row);
    });
  }

  /** Removes a shared link of this company; false when it has no such link (nothing raised). */
  async deleteLink(companyId: number, linkId: number, at: number): Promise<boolean> {
    const exists = await this.db('company_links').where({ company_id: companyId, id: linkId }).first('id');
    if (!exists) return false;
    const deleted = await this.changing(companyId, at, async (trx) => {
      const removed = await trx('company_links').where({ company_id: companyId, id: linkId }).delete();
      await forgetCompanyTranslations(trx, companyId, [`link.${linkId}.label`]);
      return removed;
    });
    return (deleted ?? 0) > 0;
  }
}
