import type { Knex } from 'knex';
import { DEFAULT_LEAD_RETENTION, LEAD_RETENTION_MONTHS, type LeadRetentionMonths } from '../domain/lead-notice.js';
import { bumpVersion } from './customer.repository.js';
import { toBool, toInt } from './rows.js';

/** Which fields the visitor's form asks for; the name is always asked. */
export interface LeadFields {
  phone: boolean;
  email: boolean;
  note: boolean;
}

/** The owner's choices for the contact-exchange form (docs/product.md, Contact exchange). */
export interface LeadSettings {
  enabled: boolean;
  fields: LeadFields;
  prompt: string;
  /** The current information text; null until the owner first saves the settings. */
  notice: string | null;
  /** The current text's version (1, 2, …); 0 before the first save. */
  noticeVersion: number;
  retentionMonths: LeadRetentionMonths;
}

/** What the owner's form saves; a notice unlike the current one becomes the next version. */
export type LeadSettingsInput = Omit<LeadSettings, 'noticeVersion'> & { notice: string };

function retentionOf(value: unknown): LeadRetentionMonths {
  const months = toInt(value);
  return (LEAD_RETENTION_MONTHS as readonly number[]).includes(months)
    ? (months as LeadRetentionMonths)
    : DEFAULT_LEAD_RETENTION;
}

export class LeadSettingsRepository {
  constructor(private readonly db: Knex) {}

  /** The settings with the current notice's text; null while the owner has never saved them (the form is off). */
  async find(customerId: number, db: Knex = this.db): Promise<LeadSettings | null> {
    const row: Record<string, unknown> | undefined = await db('lead_settings as s')
      .leftJoin('lead_notices as n', (join) =>
        join.on('n.customer_id', 's.customer_id').andOn('n.version', 's.notice_version'),
      )
      .where('s.customer_id', customerId)
      .first(
        's.enabled',
        's.ask_phone',
        's.ask_email',
        's.ask_note',
        's.prompt',
        's.notice_version',
        's.retention_months',
        'n.notice',
      );
    if (!row) return null;
    return {
      enabled: toBool(row.enabled),
      fields: { phone: toBool(row.ask_phone), email: toBool(row.ask_email), note: toBool(row.ask_note) },
      prompt: String(row.prompt ?? ''),
      notice: typeof row.notice === 'string' ? row.notice : null,
      noticeVersion: toInt(row.notice_version),
      retentionMonths: retentionOf(row.retention_months),
    };
  }

  /** The text of one version of a customer's notice, or null. */
  async notice(customerId: number, version: number): Promise<string | null> {
    const row: { notice?: string } | undefined = await this.db('lead_notices')
      .where({ customer_id: customerId, version })
      .first('notice');
    return row?.notice ?? null;
  }

  /**
   * Saves the settings in one transaction with the customer's version raised (the public page
   * shows the form); a notice text unlike the current one is kept as the next version.
   */
  async save(customerId: number, input: LeadSettingsInput, at: number): Promise<LeadSettings> {
    return this.db.transaction(async (trx) => {
      const current = await this.find(customerId, trx);
      let version = current?.noticeVersion ?? 0;
      if (current?.notice !== input.notice) {
        version += 1;
        await trx('lead_notices').insert({ customer_id: customerId, version, notice: input.notice, created_at: at });
      }
      const row = {
        enabled: input.enabled,
        ask_phone: input.fields.phone,
        ask_email: input.fields.email,
        ask_note: input.fields.note,
        prompt: input.prompt,
        notice_version: version,
        retention_months: input.retentionMonths,
        updated_at: at,
      };
      await trx('lead_settings')
        .insert({ customer_id: customerId, ...row })
        .onConflict('customer_id')
        .merge(row);
      await bumpVersion(trx, customerId);
      return { ...input, noticeVersion: version };
    });
  }
}
