import type { Knex } from 'knex';
import { toInt } from './rows.js';

/** The agency's brand as stored (docs/product.md, Agency brand). */
export interface BrandRecord {
  name: string;
  url: string | null;
  accentColor: string | null;
  /** The re-encoded PNG, and the SHA-256 (hex) that names it in its URL. */
  logo: { data: Buffer; hash: string } | null;
  updatedAt: number;
}

/** What a save writes; `logo` undefined keeps the stored one, null removes it. */
export interface BrandChanges {
  name: string;
  url: string | null;
  accentColor: string | null;
  logo?: { data: Buffer; hash: string } | null;
}

/** The brand lives in one row with this id; no row is Vizit's own look. */
const ROW_ID = 1;

function toRecord(row: Record<string, unknown>): BrandRecord {
  const data = row.logo;
  const hash = row.logo_hash;
  return {
    name: String(row.name),
    url: typeof row.url === 'string' ? row.url : null,
    accentColor: typeof row.accent_color === 'string' ? row.accent_color : null,
    logo: Buffer.isBuffer(data) && typeof hash === 'string' ? { data, hash } : null,
    updatedAt: toInt(row.updated_at),
  };
}

/**
 * Site-wide settings: the brand row. Every write also raises every customer's version in the
 * same transaction, because each cached public page shows the brand in its footer: the page
 * cache on every instance renders it again (docs/architecture.md, One public request).
 */
export class SettingsRepository {
  constructor(private readonly db: Knex) {}

  async findBrand(): Promise<BrandRecord | null> {
    const row = (await this.db('brand_settings').where({ id: ROW_ID }).first()) as Record<string, unknown> | undefined;
    return row ? toRecord(row) : null;
  }

  async saveBrand(changes: BrandChanges, now: number): Promise<void> {
    const columns: Record<string, unknown> = {
      name: changes.name,
      url: changes.url,
      accent_color: changes.accentColor,
      updated_at: now,
    };
    if (changes.logo !== undefined) {
      columns.logo = changes.logo?.data ?? null;
      columns.logo_hash = changes.logo?.hash ?? null;
    }
    await this.db.transaction(async (trx) => {
      await trx('brand_settings')
        .insert({ id: ROW_ID, ...columns })
        .onConflict('id')
        .merge(Object.keys(columns));
      await trx('customers').increment('version', 1);
    });
  }

  async clearBrand(): Promise<void> {
    await this.db.transaction(async (trx) => {
      const removed = await trx('brand_settings').where({ id: ROW_ID }).delete();
      if (removed > 0) await trx('customers').increment('version', 1);
    });
  }
}
