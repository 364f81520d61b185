import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { NotFoundError, ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin, actingRole } from '../http/acting-admin.js';
import { idParam } from '../http/id-param.js';
import { done, wantsJson } from '../http/respond.js';
import { roleAllows } from '../domain/admin-role.js';
import { EXTRA_LANGUAGES, LANGUAGE_NAMES_TR } from '../i18n/languages.js';
import type { Company, CompanyService } from '../services/company.service.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { CompanyTemplateService } from '../services/company-template.service.js';
import { limitOf, parseTranslations, type TranslatableText } from '../validation/translation.validation.js';

export const messages = {
  saved: 'Çeviriler kaydedildi.',
  notFound: 'Firma bulunamadı.',
  failed: 'Çeviriler kaydedilemedi',
} as const;

/** Where a template's translations are kept (repositories/translation.repository.ts). */
interface CompanyTexts {
  allOfCompany(companyId: number): Promise<ReadonlyArray<{ subject: string; lang: string; text: string }>>;
  saveCompany(companyId: number, writes: ReturnType<typeof parseTranslations>): Promise<void>;
}

/** What the company page's "Çeviriler" shows (views/admin/company-translations.ejs). */
export interface TranslationSection {
  canEdit: boolean;
  languages: ReadonlyArray<{ lang: string; name: string }>;
  texts: ReadonlyArray<TranslatableText & { name: string; turkish: string; max: number }>;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * A company template's texts in the other languages (docs/product.md, Languages): its business name and each shared
 * link's label, in English, German, Russian and Arabic. Every administrator sees them; a `yonetici` or the `sahip`
 * saves them.
 */
export class CompanyTranslationsController {
  constructor(
    private readonly companies: Pick<CompanyService, 'find'>,
    private readonly templates: Pick<CompanyTemplateService, 'template' | 'links'>,
    private readonly translations: CompanyTexts,
    /** A saved translation is a change of the template, logged as one (docs/product.md, Activity log). */
    private readonly activity: Pick<ActivityLog, 'companyTemplateSaved'>,
  ) {}

  private async company(req: Request): Promise<Company | null> {
    const id = idParam(req.params.id);
    return id === null ? null : this.companies.find(id);
  }

  private async texts(companyId: number): Promise<TranslationSection['texts']> {
    const [template, links] = await Promise.all([this.templates.template(companyId), this.templates.links(companyId)]);
    const company = template?.values.company?.trim() ?? '';
    const all = [
      ...(company === ''
        ? []
        : [{ subject: 'company', field: 'company', kind: 'company' as const, name: 'İşletme adı', turkish: company }]),
      ...links
        .filter((link) => link.label.trim() !== '')
        .map((link) => ({
          subject: `link.${link.id}.label`,
          field: `label_${link.id}`,
          kind: 'label' as const,
          name: 'Bağlantı adı',
          turkish: link.label,
        })),
    ];
    return all.map((text) => ({ ...text, max: limitOf(text.kind).max }));
  }

  private async sectionOf(
    company: Company,
    res: Response,
    form: { values: Record<string, string>; errors: Record<string, string> } | null,
  ): Promise<TranslationSection> {
    const texts = await this.texts(company.id);
    const values: Record<string, string> = {};
    if (form) Object.assign(values, form.values);
    else {
      const fieldOf = new Map(texts.map((t) => [t.subject, t.field]));
      for (const row of await this.translations.allOfCompany(company.id)) {
        const field = fieldOf.get(row.subject);
        if (field) values[`${field}_${row.lang}`] = row.text;
      }
    }
    return {
      canEdit: roleAllows(actingRole(res), 'yonetici'),
      languages: EXTRA_LANGUAGES.map((lang) => ({ lang, name: LANGUAGE_NAMES_TR[lang] })),
      texts,
      values,
      errors: form?.errors ?? {},
    };
  }

  /** The company page's "Çeviriler", for the page's own handler. */
  section: RequestHandler = async (req, res, next) => {
    const company = await this.company(req);
    if (company && !res.locals.translationSection)
      res.locals.translationSection = await this.sectionOf(company, res, null);
    next();
  };

  /**
   * `POST /admin/companies/{id}/translations`: `company_{lang}` and `label_{link id}_{lang}`; an empty field removes
   * the translation. A refused form goes on to the company page (the route's next) with what was typed, 422.
   */
  save: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    const company = await this.company(req);
    if (!company) throw new NotFoundError(messages.notFound);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const texts = await this.texts(company.id);
    try {
      await this.translations.saveCompany(company.id, parseTranslations(body, texts, EXTRA_LANGUAGES));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: messages.failed, fields: err.fields });
        return;
      }
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(body))
        if (typeof value === 'string' && name !== '_csrf') values[name] = value.slice(0, 2000);
      res.locals.translationSection = await this.sectionOf(company, res, { values, errors: { ...err.fields } });
      res.status(422);
      next();
      return;
    }
    await this.activity.companyTemplateSaved(actingAdmin(res), company.name);
    if (!wantsJson(req)) setFlash(req, 'success', messages.saved);
    done(req, res, `/admin/companies/${company.id}#sablon-ceviriler`, { message: messages.saved });
  };
}
