import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { orFail, StorageFullError, StorageUnavailableError, ValidationError } from '../errors.js';
import { ANIMATION_TYPES, COLOR_PRESETS, COVER_COLOR_PRESETS } from '../shared/background-choices.js';
import { CONTACT_BUTTON_LABELS } from '../domain/contact-buttons.js';
import { linkDetail } from '../domain/link-detail.js';
import { splitPair } from '../domain/link-values.js';
import { PLATFORMS, platformById } from '../domain/platforms.js';
import { allowInlineStyle } from '../http/inline-style.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { dialogs, noticeFrom, noticeUrl, photoNotices, type DialogId } from '../http/owner-dialogs.js';
import { bodyOf, ownerBase } from '../http/owner-respond.js';
import { FILE_FIELD } from '../http/uploaded-file.js';
import { wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import { ImageQueueFullError } from '../media/image-queue.js';
import { ANIMATION_TILE_CSS } from '../presenters/animation-tiles.js';
import { presentProfile } from '../presenters/profile-page.js';
import type { SocialLink } from '../services/profile.service.js';
import type { HoursSource } from '../services/opening-hours.service.js';
import type { ProfileService } from '../services/profile.service.js';
import { IDENTITY_MAX_LENGTH } from '../validation/identity.validation.js';
import { BIO_MAX_LENGTH } from '../validation/profile.validation.js';

export const editorMessages = {
  profileFailed: 'Profil yüklenirken hata oluştu',
} as const;

/** A dialog of the edit page shown again with the owner's input and the errors (status 422). */
export interface EditorFormState {
  dialog: DialogId;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** A link as its edit form shows it: the stored value split back into the fields it came from. */
export interface EditableLink extends SocialLink {
  /** What the link leads to (a handle, number or address), the second line of its row. */
  detail: string;
  defaultIcon: string;
  fields: Record<string, string>;
}

/** What `attempt` answers when it has refused the form: the response has gone out. */
export const REFUSED: unique symbol = Symbol('refused');
export type Refused = typeof REFUSED;

function editableFields(link: SocialLink): Record<string, string> {
  switch (link.platform) {
    case 'wifi': {
      const { first, second } = splitPair(link.url);
      return { ssid: first, password: second };
    }
    case 'iban': {
      const { first, second } = splitPair(link.url);
      return { iban: first, account_holder: second };
    }
    case 'email':
      return { url: link.url.replace(/^mailto:/i, '') };
    case 'phone':
      return { url: link.url.replace(/^tel:/i, '') };
    default:
      return { url: link.url };
  }
}

function editableLink(link: SocialLink): EditableLink {
  const platform = platformById(link.platform);
  return {
    ...link,
    detail: linkDetail(link.platform, link.url),
    defaultIcon: platform?.icon ?? '🔗',
    fields: editableFields(link),
  };
}

/** What the owner typed, as strings, to fill the form again. */
function typedValues(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [k, (v as string).slice(0, 4096)]),
  );
}

/**
 * The owner's edit page and the one way its forms are refused. Not a controller: the pages,
 * edits and uploads controllers all receive this one instance.
 */
export class OwnerEditor {
  constructor(
    private readonly profiles: ProfileService,
    private readonly config: Pick<Config, 'baseUrl'>,
    /** Where the hours editor's week comes from (docs/product.md, Companies). */
    private readonly hours: { source(customerId: number): Promise<HoursSource> } = { source: async () => 'own' },
  ) {}

  /** The edit mode: the page as visitors see it, every item opening its editor. */
  async render(req: Request, res: Response, status: number, form: EditorFormState | null): Promise<void> {
    const customer = loadedCustomer(req);
    const [{ bundle, own, ownLinks }, hoursSource] = await orFail(editorMessages.profileFailed, () =>
      Promise.all([this.profiles.editorBundle(customer), this.hours.source(customer.id)]),
    );
    const page = presentProfile(bundle, originOf(req, this.config.baseUrl));
    // The preview's own background, the colour chips of the pickers' no-JavaScript forms and the animations' previews.
    const styleCss =
      page.styleCss +
      [...COLOR_PRESETS, ...COVER_COLOR_PRESETS]
        .map((p) => `.swatch__chip--${p.value.slice(1)}{background:${p.value}}`)
        .join('') +
      ANIMATION_TILE_CSS;
    allowInlineStyle(res, styleCss);
    res.status(status).render('edit/profile', {
      title: 'Sayfayı Düzenle',
      customer,
      base: ownerBase(req),
      page,
      styleCss,
      profile: own,
      template: own.template ?? null,
      hoursSource,
      buttons: Object.fromEntries(bundle.contactButtons.map((b) => [b.type, b.isVisible])),
      contactButtonLabels: CONTACT_BUTTON_LABELS,
      links: ownLinks.map(editableLink),
      iban: bundle.iban,
      platforms: PLATFORMS,
      presets: COLOR_PRESETS,
      coverPresets: COVER_COLOR_PRESETS,
      animations: ANIMATION_TYPES,
      bioMax: BIO_MAX_LENGTH,
      identityMax: IDENTITY_MAX_LENGTH,
      dialogs,
      noticeUrl,
      photoNotices,
      form,
      notice: form ? null : noticeFrom(req.query.durum),
    });
  }

  /**
   * Validation failed: the widget gets 422 JSON; the form gets the edit page again with
   * that dialog open, what the owner typed, and the errors. Nothing was saved. (`status`:
   * 413 for a file over its size limit.)
   */
  async refuse(
    req: Request,
    res: Response,
    dialog: DialogId,
    err: ValidationError,
    failure: string,
    status = 422,
  ): Promise<void> {
    if (wantsJson(req)) {
      res.status(status).json({ ok: false, error: `${failure}: ${err.message}`, fields: err.fields });
      return;
    }
    await this.render(req, res, status, { dialog, values: typedValues(bodyOf(req)), errors: { ...err.fields } });
  }

  /**
   * Runs `work`; a ValidationError refuses the form of `dialog` (REFUSED). A file that found the
   * disk full or the image queue busy is refused there too, as a 503 under the file field: the
   * database is fine, so the page can show it where the owner chose the file. Anything else
   * passes on as it is.
   */
  async refuseInvalid<T>(
    req: Request,
    res: Response,
    dialog: DialogId,
    failure: string,
    work: () => Promise<T>,
  ): Promise<T | Refused> {
    try {
      return await work();
    } catch (err) {
      if (
        err instanceof StorageFullError ||
        err instanceof StorageUnavailableError ||
        err instanceof ImageQueueFullError
      ) {
        res.set('Retry-After', '5');
        await this.refuse(req, res, dialog, new ValidationError({ [FILE_FIELD]: err.message }), failure, 503);
        return REFUSED;
      }
      if (!(err instanceof ValidationError)) throw err;
      await this.refuse(req, res, dialog, err, failure);
      return REFUSED;
    }
  }

  /** A change: as refuseInvalid, and an unexpected failure is a 500 with the change's `failure` text. */
  attempt<T>(
    req: Request,
    res: Response,
    dialog: DialogId,
    failure: string,
    work: () => Promise<T>,
  ): Promise<T | Refused> {
    return this.refuseInvalid(req, res, dialog, failure, () => orFail(failure, work));
  }
}
