import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { FileTooLargeError } from '../middleware/upload.js';
import { LOGO_FIELD, processLogo } from '../media/logo-image.js';
import { actingAdmin } from '../http/acting-admin.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { BrandService, LogoChange } from '../services/brand.service.js';
import { pickerValueFor } from '../validation/accent-fields.js';
import {
  BRAND_NAME_MAX,
  brandFormValues,
  parseBrand,
  type BrandFormValues,
  type BrandInput,
} from '../validation/brand.validation.js';

export const messages = {
  saved: 'Marka ayarları kaydedildi.',
  cleared: 'Marka ayarları temizlendi; sayfalar yeniden Vizit görünümünde.',
  saveFailed: 'Marka ayarları kaydedilemedi.',
  invalid: 'Ayarlar kaydedilemedi. Lütfen işaretli alanları kontrol edin.',
} as const;

interface SettingsPage {
  values: BrandFormValues;
  errors: Record<string, string>;
  removeLogo: boolean;
  /** A logo that passed came with refused fields: a browser never fills a file input again, so it is asked for anew. */
  logoAgain?: boolean;
}

/**
 * The agency's brand (docs/product.md, Agency brand): the settings page and its one form, which
 * also clears the brand (`action=clear`), and the logo file the pages link to.
 */
export class SettingsController {
  constructor(
    private readonly brand: BrandService,
    private readonly activity: ActivityLog,
  ) {}

  private async render(res: Response, status: number, page: SettingsPage): Promise<void> {
    // The stored brand as it is now, beside the form (which may hold refused values).
    const saved = await this.brand.fresh();
    res.status(status).render('admin/settings', {
      title: 'Marka Ayarları',
      saved,
      nameMax: BRAND_NAME_MAX,
      accentPicker: pickerValueFor(page.values.accent_color),
      ...page,
    });
  }

  show: RequestHandler = async (_req, res) => {
    const saved = await this.brand.fresh();
    const values = saved.custom
      ? { brand_name: saved.name, brand_url: saved.url ?? '', accent_color: saved.accentColor ?? '' }
      : { brand_name: '', brand_url: '', accent_color: '' };
    await this.render(res, 200, { values, errors: {}, removeLogo: false });
  };

  save: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    if (body.action === 'clear') {
      await orFail(messages.saveFailed, () => this.brand.clear());
      await this.activity.brandChanged(actingAdmin(res), true);
      this.done(req, res, messages.cleared);
      return;
    }
    const errors: Record<string, string> = {};
    let input: BrandInput | undefined;
    let logo: LogoChange;
    try {
      input = parseBrand(body);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      Object.assign(errors, err.fields);
    }
    const removeLogo = body.remove_logo === '1';
    if (req.file && req.file.fieldname === LOGO_FIELD && req.file.buffer) {
      try {
        logo = (await processLogo(req.file.buffer)).data;
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        Object.assign(errors, err.fields);
      }
    } else if (removeLogo) {
      logo = null;
    }
    if (!input || Object.keys(errors).length > 0) {
      await this.render(res, 422, {
        values: brandFormValues(body),
        errors,
        removeLogo,
        logoAgain: logo !== undefined && logo !== null,
      });
      return;
    }
    const brandInput = input;
    await orFail(messages.saveFailed, () => this.brand.save(brandInput, logo));
    await this.activity.brandChanged(actingAdmin(res), false);
    this.done(req, res, messages.saved);
  };

  /**
   * A logo over the upload limit: the form again with what was typed (the parser reads the fields after the file too).
   */
  tooLarge: ErrorRequestHandler = async (err: unknown, req, res, next) => {
    if (!(err instanceof FileTooLargeError) || res.headersSent) {
      next(err);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    await this.render(res, err.status, {
      values: brandFormValues(body),
      errors: { [LOGO_FIELD]: err.message },
      removeLogo: body.remove_logo === '1',
    });
  };

  /** `/img/brand/logo-{hash}.png`: its name changes with its content, so it may be cached for a year. */
  logo: RequestHandler = async (req, res) => {
    const data = await this.brand.logoFile(String(req.params.file));
    if (!data) throw new NotFoundError();
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('png').send(data);
  };

  private done(req: Request, res: Response, text: string): void {
    setFlash(req, 'success', text);
    res.redirect(303, '/admin/settings');
  }
}
