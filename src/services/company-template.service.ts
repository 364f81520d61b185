import { NotFoundError, orFail, StorageUnavailableError, ValidationError } from '../errors.js';
import type { ActivityActor } from '../domain/admin-activity.js';
import { companyUploadsFolder, type CompanyTemplate } from '../domain/company-template.js';
import type { OpeningHours } from '../domain/opening-hours.js';
import type { Logger } from '../logger.js';
import { processLogo } from '../media/logo-image.js';
import { processBackgroundImage, processPhoto } from '../media/image-processing.js';
import { isUploadedImage } from '../domain/background-media.js';
import type { CompanyLink, CompanyTemplateRepository } from '../repositories/company-template.repository.js';
import type { Company } from '../repositories/company.repository.js';
import type { FileStorage, WrittenContent } from '../storage/file-storage.js';
import { parseLinkInput } from '../validation/link.validation.js';
import { linkMessages } from './link.service.js';
import { parseTemplate } from '../validation/company-template.validation.js';
import { parseOpeningHoursForm } from '../validation/opening-hours.validation.js';
import { validateBackgroundInput, validateCoverInput } from '../validation/background.validation.js';
import { collect } from '../validation/field-text.js';
import type { ActivityLog } from './activity-log.service.js';
import { addDays } from '../lib/calendar.js';

export type { CompanyLink, CompanyTemplate };

/** The days the company page counts its shared links' taps over. */
const TAP_DAYS = 30;

export const lookMessages = {
  chooseImage: 'Lütfen bir görsel dosyası seçin.',
} as const;

/** The look form's uploaded images, by file field. */
export type LookFiles = Partial<Record<'background_file' | 'cover_file', Buffer>>;

/** A checked choice: the value to store, or an image to store first (its path is then the value). */
interface LookPart {
  value: string;
  upload?: { data: WrittenContent; ext: string };
}

/** An upload's refusal (keyed `file` by the image checks) under the look form's file field. */
async function fileErrorAs<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError({ [field]: Object.values(err.fields)[0] ?? lookMessages.chooseImage });
  }
}

/**
 * An image choice: the uploaded file checked by `check` (its refusal recorded under `field`), or without a file the
 * company's image kept (`current`, when it is one of our uploads); neither is a refusal. Undefined when refused.
 */
async function imageChoice(
  errors: Record<string, string>,
  field: string,
  file: Buffer | undefined,
  current: string | null | undefined,
  check: (file: Buffer) => Promise<{ data: WrittenContent; ext: string }>,
): Promise<LookPart | undefined> {
  if (!file) {
    if (current && isUploadedImage(current)) return { value: current };
    errors[field] = lookMessages.chooseImage;
    return undefined;
  }
  try {
    return { value: '', upload: await fileErrorAs(field, () => check(file)) };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.fields);
    return undefined;
  }
}

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

  /** The shared links, each with its taps on members' pages in the last 30 days (today included). */
  links(companyId: number): Promise<CompanyLink[]> {
    return this.templates.links(companyId, addDays(this.today(), -(TAP_DAYS - 1)));
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
   * checked as the owner's own choice is (an empty type: none), with `lock_background` and `lock_cover`. An image is
   * an uploaded file (`background_file`, `cover_file`) checked and re-encoded as the owner's, or, without one, the
   * company's image kept. Everything is checked first; new images are stored in the company's folder, then both saved
   * together in one transaction that renews every member's card, then the images no longer used are removed.
   */
  async saveLook(company: Company, form: Form, files: LookFiles, actor: ActivityActor): Promise<void> {
    const current = await this.templates.template(company.id);
    if (!current) throw new NotFoundError(templateMessages.notFound);
    const errors: Record<string, string> = {};
    const chosen = (type: unknown) => typeof type === 'string' && type !== '';
    const backgroundType = String(form.background_type ?? '');
    const background: LookPart | null | undefined = !chosen(form.background_type)
      ? null
      : backgroundType === 'image'
        ? await imageChoice(errors, 'background_file', files.background_file, current.background?.value, (file) =>
            processBackgroundImage(file),
          )
        : collect(errors, () => ({ value: validateBackgroundInput(backgroundType, form.background_value) }));
    const cover: LookPart | null | undefined = !chosen(form.cover_type)
      ? null
      : form.cover_type === 'image'
        ? await imageChoice(errors, 'cover_file', files.cover_file, current.cover, async (file) => ({
            data: await processPhoto(file, 'cover', null),
            ext: 'jpg',
          }))
        : collect(errors, () => ({ value: validateCoverInput(form.cover_type, form.cover_value) }));
    if (background === undefined || cover === undefined || Object.keys(errors).length > 0) {
      throw new ValidationError(errors);
    }
    const folder = companyUploadsFolder(company.id);
    const stored: string[] = [];
    try {
      const backgroundValue = background && (await this.storeImage(folder, 'background', background, stored));
      const coverValue = cover && (await this.storeImage(folder, 'cover', cover, stored));
      const look = {
        background: backgroundValue ? { type: backgroundType, value: backgroundValue } : null,
        cover: coverValue ?? null,
        lockBackground: form.lock_background === '1',
        lockCover: form.lock_cover === '1',
      };
      const saved = await this.templates.saveLook(company.id, look, this.now());
      if (!saved) throw new NotFoundError(templateMessages.notFound);
      for (const path of saved.replaced) await this.removeLeftover(folder, path);
    } catch (err) {
      for (const path of stored) await this.removeLeftover(folder, path);
      throw err;
    }
    await this.activity.companyTemplateSaved(actor, company.name);
  }

  /** A chosen value as it is stored: a new image written to the company's folder first (its path kept in `stored`). */
  private async storeImage(folder: number, prefix: string, part: LookPart, stored: string[]): Promise<string> {
    const upload = part.upload;
    if (!upload) return part.value;
    const field = `${prefix}_file`;
    const path = await fileErrorAs(field, () =>
      orFail(templateMessages.saveFailed, () =>
        this.storage.saveFile(folder, this.storage.newFileName(prefix, upload.ext), upload.data),
      ),
    );
    stored.push(path);
    return path;
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
