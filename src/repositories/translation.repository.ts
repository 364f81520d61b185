import type { Knex } from 'knex';
import { isExtraLanguage, storedLanguages, type ExtraLanguage } from '../i18n/languages.js';
import { bumpVersion } from './customer.repository.js';

/** One of the owner's texts in another language (docs/product.md, Languages). */
export interface Translation {
  /** Which text: `bio`, `title`, `link.12.label`, `price_item.7.name`, ... */
  subject: string;
  lang: ExtraLanguage;
  text: string;
}

/** A text to write: an empty `text` removes the translation, so the page shows the Turkish one again. */
export type TranslationWrite = Translation;

/** The subjects of a price list item's texts. */
export function itemSubjects(itemId: number): string[] {
  return [`price_item.${itemId}.name`, `price_item.${itemId}.description`];
}

/** Removes a customer's translations of these subjects in the caller's transaction: their text is being deleted. */
export async function forgetTranslations(trx: Knex, customerId: number, subjects: readonly string[]): Promise<void> {
  for (let at = 0; at < subjects.length; at += 500)
    await trx('translations')
      .where({ customer_id: customerId })
      .whereIn('subject', subjects.slice(at, at + 500))
      .delete();
}

/** The same for a company template's texts. */
export async function forgetCompanyTranslations(
  trx: Knex,
  companyId: number,
  subjects: readonly string[],
): Promise<void> {
  if (subjects.length > 0)
    await trx('company_translations').where({ company_id: companyId }).whereIn('subject', subjects).delete();
}

/** Writes texts in the caller's transaction: an empty one removes its row, another is inserted or replaced. */
export async function writeTranslations(
  trx: Knex,
  customerId: number,
  writes: readonly TranslationWrite[],
): Promise<void> {
  for (const { subject, lang, text } of writes) {
    const key = { customer_id: customerId, subject, lang };
    if (text === '') await trx('translations').where(key).delete();
    else
      await trx('translations')
        .insert({ ...key, text })
        .onConflict(['customer_id', 'subject', 'lang'])
        .merge({ text });
  }
}

/** Removes every translation of a customer's price list: its categories and items are being replaced. */
export async function forgetPriceListTranslations(trx: Knex, customerId: number): Promise<void> {
  await trx('translations')
    .where({ customer_id: customerId })
    .andWhere((either) => {
      either.where('subject', 'like', 'price_category.%').orWhere('subject', 'like', 'price_item.%');
    })
    .delete();
}

function toTranslations(rows: Array<Record<string, unknown>>): Translation[] {
  return rows.flatMap((row) =>
    isExtraLanguage(row.lang) ? [{ subject: String(row.subject), lang: row.lang, text: String(row.text) }] : [],
  );
}

/**
 * A card's languages and the owner's texts in them, and a company template's texts (docs/product.md, Languages).
 * Every write raises the page versions it shows on, in its own transaction, so a cached page in another language is
 * renewed with it.
 */
export class TranslationRepository {
  constructor(private readonly db: Knex) {}

  /** Sets the card's extra languages in the owner's order. Translations of a dropped language are kept for later. */
  async setLanguages(customerId: number, languages: readonly ExtraLanguage[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('customers')
        .where({ id: customerId })
        .update({ languages: storedLanguages(languages) });
      await bumpVersion(trx, customerId);
    });
  }

  /** The customer's texts in one language, by subject: what a page in that language shows over the Turkish. */
  async textsOf(customerId: number, lang: ExtraLanguage): Promise<Map<string, string>> {
    const rows = await this.db('translations').where({ customer_id: customerId, lang }).select('subject', 'text');
    return new Map(rows.map((row: Record<string, unknown>) => [String(row.subject), String(row.text)]));
  }

  /** Every translation of a customer, for the owner's languages page. */
  async allOf(customerId: number): Promise<Translation[]> {
    return toTranslations(
      await this.db('translations').where({ customer_id: customerId }).select('subject', 'lang', 'text'),
    );
  }

  /** Writes texts (an empty one removes its row) in one transaction with the page's version raised. */
  async save(customerId: number, writes: readonly TranslationWrite[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await writeTranslations(trx, customerId, writes);
      await bumpVersion(trx, customerId);
    });
  }

  /** A company template's texts in one language, by subject. */
  async companyTextsOf(companyId: number, lang: ExtraLanguage): Promise<Map<string, string>> {
    const rows = await this.db('company_translations').where({ company_id: companyId, lang }).select('subject', 'text');
    return new Map(rows.map((row: Record<string, unknown>) => [String(row.subject), String(row.text)]));
  }

  /** Every translation of a company's template, for its admin page. */
  async allOfCompany(companyId: number): Promise<Translation[]> {
    return toTranslations(
      await this.db('company_translations').where({ company_id: companyId }).select('subject', 'lang', 'text'),
    );
  }

  /** Writes a template's texts with the company's and every member's version raised, in one transaction. */
  async saveCompany(companyId: number, writes: readonly TranslationWrite[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      for (const { subject, lang, text } of writes) {
        const key = { company_id: companyId, subject, lang };
        if (text === '') await trx('company_translations').where(key).delete();
        else
          await trx('company_translations')
            .insert({ ...key, text })
            .onConflict(['company_id', 'subject', 'lang'])
            .merge({ text });
      }
      await trx('companies')
        .where({ id: companyId })
        .update({ version: trx.raw('version + 1') });
      await trx('customers')
        .where({ company_id: companyId })
        .update({ version: trx.raw('version + 1') });
    });
  }
}
