import { NotFoundError, orFail, StorageUnavailableError, ValidationError } from '../errors.js';
import type { ActivityActor } from '../domain/admin-activity.js';
import { companyUploadsFolder, type CompanyTemplate } from '../domain/company-template.js';
import type { OpeningHours } from '../domain/opening-hours.js';
import type { Logger } from '../logger.js';
import { processLogo } from '../media/logo-image.js';
import type { CompanyLink, CompanyTemplateRepository } from '../repositories/company-template.repository.js';
import type { Company } from '../repositories/company.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import { parseLinkInput } from '../validation/link.validation.js';
import { linkMessages } from './link.service.js';
import { parseTemplate } from '../validation/company-template.validation.js';
import { parseOpeningHoursForm } from '../validation/opening-hours.validation.js';
import { validateBackgroundInput, validateCoverInput } from '../validation/background.validation.js';
import { collect } from '../validation/field-text.js';
import type { ActivityLog } from './activity-log.service.js';

export type { CompanyLink, CompanyTemplate };

export const lookMessages = {
  noImage: 'Firma şablonunda görsel seçilemez; bir renk, animasyon ya da video seçin.',
} as const;

export const templateMessages = {
  saveFailed: 'Firma şablonu kaydedilemedi.',
  notFound: 'Firma bulunamadı.',
} as const;

type Form = Readonly<Record<string, unknown>>;

/**
 * A company's template and shared links (docs/product.md, Companies): each save checked whole first, written in one
 * transaction that renews every member's card, and one activity entry. A new logo is stored first, then the row
 * points at it, then the old file goes; a failed save removes the new file.
 */
export class CompanyTemplateService {
  constructor(
    private readonly templates: CompanyTemplateRepository,
    private readonly storage: FileStorage,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
    private readonly logger: Pick<Logger, 'warn'>,
    /** Today in the app's time zone (`YYYY-MM-DD`): closed dates before it are dropped, as on the owner's form. */
    private readonly today: () => string,
  ) {}

  async template(companyId: number): Promise<CompanyTemplate | null> {
    return this.templates.template(companyId);
  }

  links(companyId: number): Promise<CompanyLink[]> {
    return this.templates.links(companyId);
  }

  /**
   * Checks the form (and the logo's bytes) and saves it; a refusal is a ValidationError and writes nothing. Without a
   * new logo, `remove_logo` = `1` takes the logo off.
   */
  async save(company: Company, form: Form, logo: Buffer | null, actor: ActivityActor): Promise<void> {
    const input = parseTemplate(form);
    const processed = logo ? await processLogo(logo) : null;
    const folder = companyUploadsFolder(company.id);
    const stored = processed
      ? await orFail(templateMessages.saveFailed, () =>
          this.storage.saveFile(folder, this.storage.newFileName('logo', 'png'), processed.data),
        )
      : undefined;
    let saved: { replacedLogo: string | null } | null;
    try {
      const logoPath = stored ?? (form.remove_logo === '1' ? null : undefined);
      saved = await this.templates.save(company.id, { ...input, logoPath }, this.now());
    } catch (err) {
      if (stored) await this.removeLeftover(folder, stored);
      throw err;
    }
    if (!saved) {
      if (stored) await this.removeLeftover(folder, stored);
      throw new NotFoundError(templateMessages.notFound);
    }
    if (saved.replacedLogo) await this.removeLeftover(folder, saved.replacedLogo);
    await this.activity.companyTemplateSaved(actor, company.name);
  }

  /** The company's opening hours; null, none yet. */
  hours(companyId: number): Promise<OpeningHours | null> {
    return this.templates.hours(companyId);
  }

  /**
   * The company's opening hours, checked as the owner's hours form is, with `lock_hours` = `1` locking them; saved
   * whole in one transaction that renews every member's card.
   */
  async saveHours(company: Company, form: Form, actor: ActivityActor): Promise<void> {
    const hours = parseOpeningHoursForm({ ...form }, this.today());
    if (!(await this.templates.saveHours(company.id, hours, form.lock_hours === '1', this.now()))) {
      throw new NotFoundError(templateMessages.notFound);
    }
    await this.activity.companyTemplateSaved(actor, company.name);
  }

  /**
   * The company's background (`background_type`, `background_value`) and cover (`cover_type`, `cover_value`), each
   * checked as the owner's own choice is (an empty type: none; images are not offered here), with `lock_background`
   * and `lock_cover`; both checked first, saved together in one transaction that renews every member's card.
   */
  async saveLook(company: Company, form: Form, actor: ActivityActor): Promise<void> {
    const errors: Record<string, string> = {};
    const chosen = (type: unknown) => typeof type === 'string' && type !== '';
    const notImage = (field: string) => {
      if (form[field] === 'image') throw new ValidationError({ [field]: lookMessages.noImage });
    };
    const backgroundType = String(form.background_type ?? '');
    const background = chosen(form.background_type)
      ? collect(errors, () => {
          notImage('background_type');
          return { type: backgroundType, value: validateBackgroundInput(backgroundType, form.background_value) };
        })
      : null;
    const cover = chosen(form.cover_type)
      ? collect(errors, () => {
          notImage('cover_type');
          return validateCoverInput(form.cover_type, form.cover_value);
        })
      : null;
    if (background === undefined || cover === undefined || Object.keys(errors).length > 0) {
      throw new ValidationError(errors);
    }
    const lockBackground = form.lock_background === '1';
    const look = { background, cover, lockBackground, lockCover: form.lock_cover === '1' };
    if (!(await this.templates.saveLook(company.id, look, this.now()))) {
      throw new NotFoundError(templateMessages.notFound);
    }
    await this.activity.companyTemplateSaved(actor, company.name);
  }

  /** A shared link, checked as the owner's link form is (an uploaded catalog file is not offered here). */
  async addLink(company: Company, form: Form, actor: ActivityActor): Promise<void> {
    if (form.platform === 'iban') throw new ValidationError({ platform: linkMessages.ibanIsCard });
    const input = parseLinkInput(form, { mode: 'add' });
    const id = await this.templates.addLink(company.id, input, this.now());
    if (id === null) throw new NotFoundError(templateMessages.notFound);
    await this.activity.companyTemplateSaved(actor, company.name);
  }

  async deleteLink(company: Company, linkId: number, actor: ActivityActor): Promise<void> {
    if (!(await this.templates.deleteLink(company.id, linkId, this.now()))) {
      throw new NotFoundError(linkMessages.notFound);
    }
    await this.activity.companyTemplateSaved(actor, company.name);
  }

  /** A file no row points at any more; when the bucket is away it stays for the orphan sweep. */
  private async removeLeftover(folder: number, publicPath: string): Promise<void> {
    try {
      await this.storage.removePublicPath(folder, publicPath);
    } catch (err) {
      if (!(err instanceof StorageUnavailableError)) throw err;
      this.logger.warn({ err, folder, publicPath }, 'unused upload left for the orphan sweep: storage unavailable');
    }
  }
}
