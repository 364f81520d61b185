import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { NotFoundError, ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { FileTooLargeError } from '../middleware/upload.js';
import { actingAdmin, actingRole } from '../http/acting-admin.js';
import { idParam } from '../http/id-param.js';
import { done, wantsJson } from '../http/respond.js';
import { roleAllows } from '../domain/admin-role.js';
import { TEMPLATE_FIELDS, TEMPLATE_LABELS, type TemplateField } from '../domain/company-template.js';
import {
  CLOSED_DATES_FIELD,
  dayHoursField,
  EMPTY_WEEK,
  hoursField,
  WEEKDAY_NAMES,
  type OpeningHours,
} from '../domain/opening-hours.js';
import { PLATFORMS } from '../domain/platforms.js';
import { LOGO_FIELD } from '../media/logo-image.js';
import { lookFiles } from '../middleware/company-look-upload.js';
import { isUploadedImage } from '../domain/background-media.js';
import type { Company, CompanyService } from '../services/company.service.js';
import type { CompanyLink, CompanyTemplate, CompanyTemplateService } from '../services/company-template.service.js';
import { templateFormValues, type TemplateFormValues } from '../validation/company-template.validation.js';

export const messages = {
  saved: 'Firma şablonu kaydedildi.',
  hoursSaved: 'Çalışma saatleri kaydedildi.',
  lookSaved: 'Arka plan ve kapak kaydedildi.',
  linkAdded: 'Bağlantı eklendi.',
  linkRemoved: 'Bağlantı kaldırıldı.',
  notFound: 'Firma bulunamadı.',
  failed: 'Firma şablonu kaydedilemedi',
} as const;

/** The shared links' platforms: those a plain address makes (no IBAN, Wi-Fi or uploaded catalog). */
const LINK_PLATFORMS = PLATFORMS.filter((p) => !['iban', 'wifi', 'catalog'].includes(p.id)).map((p) => ({
  id: p.id,
  label: p.label,
}));

/** The company's hours form: a field per weekday (`hours_1` is Monday), `closed_dates` and the lock. */
export interface HoursForm {
  values: Record<string, string>;
  locked: boolean;
  errors: Record<string, string>;
}

const HOURS_FIELDS = [...WEEKDAY_NAMES.map((_, day) => hoursField(day)), CLOSED_DATES_FIELD];

function hoursFormOf(hours: OpeningHours | null, locked: boolean): HoursForm {
  const values: Record<string, string> = { [CLOSED_DATES_FIELD]: (hours?.closedDates ?? []).join('\n') };
  (hours?.week ?? EMPTY_WEEK).forEach((intervals, day) => {
    values[hoursField(day)] = dayHoursField(intervals);
  });
  return { values, locked, errors: {} };
}

/** The company's background and cover form: the owner's type and value fields, and their locks. */
export interface LookForm {
  values: Record<(typeof LOOK_FIELDS)[number], string>;
  /** The company's uploaded background and cover images, kept when the type stays `image` and no file comes. */
  images: { background: string | null; cover: string | null };
  locked: { background: boolean; cover: boolean };
  errors: Record<string, string>;
}

const LOOK_FIELDS = ['background_type', 'background_value', 'cover_type', 'cover_value'] as const;

function lookImages(template: CompanyTemplate | null): LookForm['images'] {
  const background = template?.background?.type === 'image' ? template.background.value : '';
  const cover = template?.cover ?? '';
  return {
    background: isUploadedImage(background) ? background : null,
    cover: isUploadedImage(cover) ? cover : null,
  };
}

function lookFormOf(template: CompanyTemplate | null): LookForm {
  const cover = template?.cover ?? '';
  const images = lookImages(template);
  const coverType =
    cover === ''
      ? ''
      : images.cover
        ? 'image'
        : /^(video:)?animation:/.test(cover)
          ? 'animation'
          : cover.startsWith('video:')
            ? 'video'
            : 'color';
  return {
    values: {
      background_type: template?.background?.type ?? '',
      cover_type: coverType,
      background_value: images.background ? '' : (template?.background?.value ?? ''),
      cover_value: coverType === 'color' ? cover.replace(/^color:/, '') : images.cover ? '' : cover,
    },
    images,
    locked: { background: template?.locked.has('background') ?? false, cover: template?.locked.has('cover') ?? false },
    errors: {},
  };
}

/** What the company page's template section shows (views/admin/company-template.ejs). */
export interface TemplateSection {
  canEdit: boolean;
  fields: ReadonlyArray<{ name: TemplateField; label: string }>;
  form: TemplateFormValues;
  errors: Record<string, string>;
  logoUrl: string | null;
  links: CompanyLink[];
  platforms: typeof LINK_PLATFORMS;
  linkForm: { values: Record<string, string>; errors: Record<string, string> };
  days: ReadonlyArray<{ name: string; field: string }>;
  hours: HoursForm;
  look: LookForm;
}

const FIELDS = TEMPLATE_FIELDS.map((name) => ({ name, label: TEMPLATE_LABELS[name] }));
const typed = (body: Record<string, unknown>, field: string) =>
  typeof body[field] === 'string' ? (body[field] as string).slice(0, 2100) : '';

/**
 * The company's template on its page (docs/product.md, Companies): the form with a lock per field, the logo and the
 * accent, and the shared links. Every administrator sees it; a `yonetici` or the `sahip` saves it.
 */
export class CompanyTemplateController {
  constructor(
    private readonly companies: CompanyService,
    private readonly templates: CompanyTemplateService,
  ) {}

  private async company(req: Request): Promise<Company> {
    const id = idParam(req.params.id);
    const company = id === null ? null : await this.companies.find(id);
    if (!company) throw new NotFoundError(messages.notFound);
    return company;
  }

  private async sectionOf(
    company: Company,
    res: Response,
    typedForm: TemplateFormValues | null,
    errors: Record<string, string>,
    linkForm: TemplateSection['linkForm'] = { values: { platform: 'instagram', url: '', label: '' }, errors: {} },
    hoursForm: HoursForm | null = null,
    lookForm: LookForm | null = null,
  ): Promise<TemplateSection> {
    const [template, links, hours] = await Promise.all([
      this.templates.template(company.id),
      this.templates.links(company.id),
      this.templates.hours(company.id),
    ]);
    const saved: TemplateFormValues = {
      values: {
        ...(Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, template?.values[f] ?? ''])) as Record<
          TemplateField,
          string
        >),
        accent: template?.accent ?? '',
      },
      locked: new Set(TEMPLATE_FIELDS.filter((field) => template?.locked.has(field))),
    };
    return {
      canEdit: roleAllows(actingRole(res), 'yonetici'),
      fields: FIELDS,
      form: typedForm ?? saved,
      errors,
      logoUrl: template?.logoPath ?? null,
      links,
      platforms: LINK_PLATFORMS,
      linkForm,
      days: WEEKDAY_NAMES.map((name, day) => ({ name, field: hoursField(day) })),
      hours: hoursForm ?? hoursFormOf(hours, template?.locked.has('hours') ?? false),
      look: lookForm ?? lookFormOf(template),
    };
  }

  /** The company page's template section, for the page's own handler (a GET, a refused members form). */
  section: RequestHandler = async (req, res, next) => {
    const id = idParam(req.params.id);
    const company = id === null ? null : await this.companies.find(id);
    if (company) res.locals.templateSection = await this.sectionOf(company, res, null, {});
    next();
  };

  /**
   * A refused form: JSON answers here; a page goes on to the company page's own handler (the route's next), which
   * shows this section with what was typed and keeps the status set here.
   */
  private refuse(req: Request, res: Response, next: NextFunction, status: number, section: TemplateSection): void {
    if (wantsJson(req)) {
      const errors = { ...section.errors, ...section.linkForm.errors, ...section.hours.errors, ...section.look.errors };
      res.status(status).json({ ok: false, error: messages.failed, fields: errors });
      return;
    }
    res.locals.templateSection = section;
    res.status(status);
    next();
  }

  /** `POST /admin/companies/{id}/template`: the whole template, with an optional new logo. */
  save: RequestHandler = async (req, res, next) => {
    const company = await this.company(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const file = req.file?.fieldname === LOGO_FIELD && req.file.buffer?.length ? req.file.buffer : null;
    try {
      await this.templates.save(company, body, file, actingAdmin(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const section = await this.sectionOf(company, res, templateFormValues(body), err.fields);
      this.refuse(req, res, next, 422, section);
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', messages.saved);
    done(req, res, `/admin/companies/${company.id}#sablon`, { message: messages.saved });
  };

  /** A logo over the upload limit: the form again with what was typed. */
  tooLarge: ErrorRequestHandler = async (err: unknown, req, res, next) => {
    if (!(err instanceof FileTooLargeError) || res.headersSent) {
      next(err);
      return;
    }
    const company = await this.company(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = { [LOGO_FIELD]: err.message };
    this.refuse(req, res, next, err.status, await this.sectionOf(company, res, templateFormValues(body), errors));
  };

  /** `POST /admin/companies/{id}/hours`: the company's opening hours, fields as the owner's hours form. */
  saveHours: RequestHandler = async (req, res, next) => {
    const company = await this.company(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      await this.templates.saveHours(company, body, actingAdmin(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const values = Object.fromEntries(HOURS_FIELDS.map((field) => [field, typed(body, field)]));
      const hoursForm = { values, locked: body.lock_hours === '1', errors: { ...err.fields } };
      this.refuse(req, res, next, 422, await this.sectionOf(company, res, null, {}, undefined, hoursForm));
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', messages.hoursSaved);
    done(req, res, `/admin/companies/${company.id}#sablon-saatler`, { message: messages.hoursSaved });
  };

  /** `POST /admin/companies/{id}/look`: the company's background and cover, fields as the owner's, images as files. */
  saveLook: RequestHandler = async (req, res, next) => {
    const company = await this.company(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      await this.templates.saveLook(company, body, lookFiles(req.files), actingAdmin(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      this.refuse(req, res, next, 422, await this.lookRefused(company, res, body, err.fields));
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', messages.lookSaved);
    done(req, res, `/admin/companies/${company.id}#sablon-gorunum`, { message: messages.lookSaved });
  };

  /** A background or cover image over the upload limit: the look form again with what was typed. */
  lookTooLarge: ErrorRequestHandler = async (err: unknown, req, res, next) => {
    if (!(err instanceof FileTooLargeError) || res.headersSent) {
      next(err);
      return;
    }
    const company = await this.company(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const field = body.cover_type === 'image' && body.background_type !== 'image' ? 'cover_file' : 'background_file';
    this.refuse(req, res, next, err.status, await this.lookRefused(company, res, body, { [field]: err.message }));
  };

  private async lookRefused(
    company: Company,
    res: Response,
    body: Record<string, unknown>,
    errors: Record<string, string>,
  ): Promise<TemplateSection> {
    const values = Object.fromEntries(LOOK_FIELDS.map((field) => [field, typed(body, field)])) as LookForm['values'];
    const locked = { background: body.lock_background === '1', cover: body.lock_cover === '1' };
    const images = lookImages(await this.templates.template(company.id));
    return this.sectionOf(company, res, null, {}, undefined, null, { values, images, locked, errors: { ...errors } });
  }

  /** `POST /admin/companies/{id}/links`: a shared link, fields as the owner's link form. */
  addLink: RequestHandler = async (req, res, next) => {
    const company = await this.company(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      await this.templates.addLink(company, body, actingAdmin(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const values = { platform: typed(body, 'platform'), url: typed(body, 'url'), label: typed(body, 'label') };
      const section = await this.sectionOf(company, res, null, {}, { values, errors: { ...err.fields } });
      this.refuse(req, res, next, 422, section);
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', messages.linkAdded);
    done(req, res, `/admin/companies/${company.id}#sablon-baglantilar`, { message: messages.linkAdded });
  };

  /** `POST /admin/companies/{id}/links/{linkId}/delete`. */
  deleteLink: RequestHandler = async (req, res) => {
    const company = await this.company(req);
    const linkId = idParam(req.params.linkId);
    if (linkId === null) throw new NotFoundError('Bağlantı bulunamadı.');
    await this.templates.deleteLink(company, linkId, actingAdmin(res));
    if (!wantsJson(req)) setFlash(req, 'success', messages.linkRemoved);
    done(req, res, `/admin/companies/${company.id}#sablon-baglantilar`, { message: messages.linkRemoved });
  };
}
