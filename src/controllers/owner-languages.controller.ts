import type { Request, RequestHandler, Response } from 'express';
import { orFail, ValidationError } from '../errors.js';
import { EXTRA_LANGUAGES, LANGUAGE_NAMES_TR, type ExtraLanguage } from '../i18n/languages.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { bodyOf, ownerBase } from '../http/owner-respond.js';
import { wantsJson } from '../http/respond.js';
import { missingCounts, type OwnerLanguagesService, type SheetText } from '../services/owner-languages.service.js';
import { limitOf, parseLanguageChoice, parseTranslations } from '../validation/translation.validation.js';

export const messages = {
  loadFailed: 'Diller yüklenirken hata oluştu',
  saveFailed: 'Diller kaydedilemedi',
} as const;

/** Notices after a save (`?durum=`): a code in the URL, never a text. */
export const languageNotices = {
  'diller-kaydedildi': 'Sayfanızın dilleri kaydedildi.',
  'ceviriler-kaydedildi': 'Çeviriler kaydedildi.',
} as const satisfies Record<string, string>;

/** The longest text a refused form keeps of a field (the longest limit is far below it). */
const KEPT_LENGTH = 2000;

interface FormState {
  /** The languages form refused: what was ticked. */
  chosen?: ExtraLanguage[];
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * "Diller" (`/edit/{token}/languages`, docs/product.md, Languages): the card's extra languages, and one form with
 * every Turkish text of the card beside a field per chosen language.
 */
export class OwnerLanguagesController {
  constructor(private readonly languages: OwnerLanguagesService) {}

  private async render(req: Request, res: Response, status: number, form: FormState | null): Promise<void> {
    const customer = loadedCustomer(req);
    const { groups, saved } = await orFail(messages.loadFailed, async () => {
      const loaded = await this.languages.groups(customer.id);
      return { groups: loaded, saved: await this.languages.allOf(customer.id) };
    });
    const texts = groups.flatMap((g) => g.texts);
    const savedValues: Record<string, string> = {};
    const fieldOf = new Map(texts.map((t) => [t.subject, t.field]));
    for (const row of saved) {
      const field = fieldOf.get(row.subject);
      if (field) savedValues[`${field}_${row.lang}`] = row.text;
    }
    const missing = missingCounts(texts, saved, customer.languages);
    const rawNotice = req.query.durum;
    const notice =
      !form && typeof rawNotice === 'string' && Object.hasOwn(languageNotices, rawNotice)
        ? languageNotices[rawNotice as keyof typeof languageNotices]
        : null;
    res.status(status).render('edit/languages', {
      title: 'Diller',
      customer,
      base: ownerBase(req),
      choices: EXTRA_LANGUAGES.map((lang) => ({ lang, name: LANGUAGE_NAMES_TR[lang] })),
      chosen: form?.chosen ?? customer.languages,
      languages: customer.languages.map((lang) => ({ lang, name: LANGUAGE_NAMES_TR[lang] })),
      groups: groups.map((g) => ({ ...g, texts: g.texts.map((t) => ({ ...t, ...limitOf(t.kind) })) })),
      missing: missing.map((m) => ({ ...m, name: LANGUAGE_NAMES_TR[m.lang] })),
      missingTotal: missing.reduce((sum, m) => sum + m.count, 0),
      values: form && !form.chosen ? form.values : savedValues,
      errors: form?.errors ?? {},
      notice,
    });
  }

  private async refuse(req: Request, res: Response, err: ValidationError, form: FormState): Promise<void> {
    if (wantsJson(req)) {
      res.status(422).json({ ok: false, error: err.message, fields: err.fields });
      return;
    }
    await this.render(req, res, 422, form);
  }

  private done(req: Request, res: Response, notice: keyof typeof languageNotices): void {
    if (wantsJson(req)) res.json({ ok: true, message: languageNotices[notice] });
    else res.redirect(303, `${ownerBase(req)}/languages?durum=${notice}`);
  }

  show: RequestHandler = async (req, res) => {
    await this.render(req, res, 200, null);
  };

  /** `POST /edit/{token}/languages`: `languages` repeated, in the order posted; none leaves Turkish only. */
  saveLanguages: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = bodyOf(req);
    let chosen: ExtraLanguage[];
    try {
      chosen = parseLanguageChoice(body);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const raw = body.languages;
      const ticked = (Array.isArray(raw) ? raw : [raw]).filter((code): code is ExtraLanguage =>
        EXTRA_LANGUAGES.includes(code as ExtraLanguage),
      );
      await this.refuse(req, res, err, { chosen: ticked, values: {}, errors: { ...err.fields } });
      return;
    }
    await orFail(messages.saveFailed, () => this.languages.setLanguages(customer.id, chosen));
    this.done(req, res, 'diller-kaydedildi');
  };

  /** `POST /edit/{token}/translations`: `{field}_{lang}` for every listed text and chosen language. */
  saveTranslations: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = bodyOf(req);
    const texts: SheetText[] = (await orFail(messages.loadFailed, () => this.languages.groups(customer.id))).flatMap(
      (g) => g.texts,
    );
    try {
      const writes = parseTranslations(body, texts, customer.languages);
      await orFail(messages.saveFailed, () => this.languages.save(customer.id, writes));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(body))
        if (typeof value === 'string') values[name] = value.slice(0, KEPT_LENGTH);
      await this.refuse(req, res, err, { values, errors: { ...err.fields } });
      return;
    }
    this.done(req, res, 'ceviriler-kaydedildi');
  };
}
