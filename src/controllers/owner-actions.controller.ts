import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { wantsJson } from '../http/respond.js';
import type { LinkRepository } from '../repositories/link.repository.js';
import type { ContactButtonType, ProfileRepository } from '../repositories/profile.repository.js';
import type { ProfileWriteRepository } from '../repositories/profile-write.repository.js';
import { validateBackgroundInput } from '../domain/background.js';
import { platformById } from '../domain/platforms.js';
import { parseIbanFields, parseLinkInput } from '../validation/link.validation.js';
import { parseFlag, parseProfileText } from '../validation/profile.validation.js';
import type { OwnerController } from './owner.controller.js';
import { ownerDone } from './owner-respond.js';

/** The spec's failure texts (section 8), one per kind of change. */
export const messages = {
  updateFailed: 'Güncelleme başarısız',
  linkAddFailed: 'Sosyal medya eklenirken hata oluştu',
  linkUpdateFailed: 'Sosyal medya güncellenirken hata oluştu',
  deleteFailed: 'Silme işlemi başarısız',
  reorderFailed: 'Sıralama güncellenemedi',
  backgroundFailed: 'Arkaplan güncellenemedi',
  darkModeFailed: 'Karanlık mod ayarı güncellenemedi',
  nameOnCoverFailed: 'İsim gösterme ayarı güncellenemedi',
  linkNotFound: 'Bağlantı bulunamadı.',
  badDirection: 'Geçersiz yön.',
  badOrder: 'Sıralama geçersiz: bağlantı listesi değişmiş olabilir. Sayfayı yenileyin.',
  contactNeedsData: 'İletişim bilgisi eksik - telefon veya e-posta gerekli',
} as const;

const CONTACT_TYPES: readonly ContactButtonType[] = ['email', 'phone', 'add_contact'];

/** What an upload route needs done around a link change, before the answer goes out. */
export interface LinkHooks {
  onRefused?: () => Promise<void>;
  onReplaced?: (path: string) => Promise<void>;
}

function bodyOf(req: Request): Record<string, unknown> {
  return (req.body ?? {}) as Record<string, unknown>;
}

/** What the owner typed, as strings, to fill the form again. */
function typedValues(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, (v as string).slice(0, 4096)]));
}

function linkIdOf(req: Request): number {
  const raw = String(req.params.linkId ?? '');
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw new NotFoundError(messages.linkNotFound);
  return Number(raw);
}

export class OwnerActionsController {
  constructor(
    private readonly editor: OwnerController,
    private readonly profiles: ProfileRepository,
    private readonly writes: ProfileWriteRepository,
    private readonly links: LinkRepository,
    private readonly now: () => number,
  ) {}

  /**
   * Validation failed: the widget gets 422 JSON; the form gets the edit page again with
   * that dialog open, what the owner typed, and the errors. Nothing was saved.
   */
  async refuse(req: Request, res: Response, dialog: string, err: ValidationError, failure: string): Promise<void> {
    if (wantsJson(req)) {
      res.status(422).json({ ok: false, error: `${failure}: ${err.message}`, fields: err.fields });
      return;
    }
    await this.editor.renderEditor(req, res, 422, { dialog, values: typedValues(bodyOf(req)), errors: { ...err.fields } });
  }

  /**
   * Runs a validated change; a ValidationError re-renders its dialog, anything else is the
   * spec's failure text. `onRefused` runs before the refusal is answered (an upload's cleanup).
   */
  private async change(
    req: Request,
    res: Response,
    dialog: string,
    failure: string,
    work: () => Promise<void>,
    onRefused?: () => Promise<void>,
  ): Promise<boolean> {
    try {
      await orFail(failure, work);
      return true;
    } catch (err) {
      await onRefused?.();
      if (!(err instanceof ValidationError)) throw err;
      await this.refuse(req, res, dialog, err, failure);
      return false;
    }
  }

  profileText: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const dialog = 'phone' in bodyOf(req) || 'email' in bodyOf(req) || 'website' in bodyOf(req) ? 'iletisim' : 'biyografi';
    const ok = await this.change(req, res, dialog, messages.updateFailed, async () => {
      const input = parseProfileText(bodyOf(req));
      await this.writes.update(customer.id, input, this.now());
    });
    if (ok) ownerDone(req, res, 'kaydedildi');
  };

  /** Dark mode, the name on the cover and the profile's visibility switches. */
  settings: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = bodyOf(req);
    const failure = 'dark_mode' in body ? messages.darkModeFailed : 'show_name_on_cover' in body ? messages.nameOnCoverFailed : messages.updateFailed;
    const fields = ['dark_mode', 'show_name_on_cover', 'is_profile_visible', 'is_phone_visible', 'is_email_visible', 'is_website_visible'] as const;
    const ok = await this.change(req, res, 'ayarlar', failure, async () => {
      const changes: Partial<Record<(typeof fields)[number], boolean>> = {};
      for (const field of fields) if (field in body) changes[field] = parseFlag(body, field);
      if (Object.keys(changes).length === 0) throw new ValidationError({ dark_mode: 'Kaydedilecek bir ayar gönderilmedi.' });
      await this.writes.update(customer.id, changes, this.now());
    });
    if (ok) ownerDone(req, res, 'kaydedildi');
  };

  contactButton: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const type = String(req.params.type) as ContactButtonType;
    if (!CONTACT_TYPES.includes(type)) throw new NotFoundError();
    const ok = await this.change(req, res, 'iletisim', messages.updateFailed, async () => {
      const visible = parseFlag(bodyOf(req), 'is_visible');
      if (visible && type === 'add_contact') {
        const profile = await this.profiles.findProfile(customer.id);
        if (!profile?.phone && !profile?.email) throw new ValidationError({ is_visible: messages.contactNeedsData });
      }
      await this.writes.setContactButton(customer.id, type, visible);
    });
    if (ok) ownerDone(req, res, 'kaydedildi');
  };

  iban: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const ok = await this.change(req, res, 'iban', messages.updateFailed, async () => {
      const { iban, accountHolder } = parseIbanFields(bodyOf(req).iban, bodyOf(req).account_holder);
      await this.writes.saveIban(customer.id, iban, accountHolder);
    });
    if (ok) ownerDone(req, res, 'iban');
  };

  ibanVisibility: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    let found = true;
    const ok = await this.change(req, res, 'iban', messages.updateFailed, async () => {
      found = await this.writes.setIbanVisible(customer.id, parseFlag(bodyOf(req), 'is_visible'));
    });
    if (!ok) return;
    if (!found) throw new NotFoundError('IBAN bilgisi bulunamadı.');
    ownerDone(req, res, 'kaydedildi');
  };

  background: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = bodyOf(req);
    const ok = await this.change(req, res, 'arka-plan', messages.backgroundFailed, async () => {
      const type = typeof body.background_type === 'string' ? body.background_type : '';
      const value = validateBackgroundInput(type, body.background_value);
      await this.writes.update(customer.id, { background_type: type, background_value: value }, this.now());
    });
    if (ok) ownerDone(req, res, 'arka-plan');
  };

  /**
   * Adds a link. A catalog file arrives as `uploadedPath` (stored by the upload
   * controller first); otherwise every value comes from the form.
   */
  /** Adds a link; `hooks.onRefused` removes an uploaded file before a refusal is answered. */
  async addLink(req: Request, res: Response, uploadedPath?: string, hooks: LinkHooks = {}): Promise<boolean> {
    const customer = loadedCustomer(req);
    const platform = platformById(String(bodyOf(req).platform ?? ''));
    const dialog = platform ? `baglanti-ekle-${platform.id}` : 'baglantilar';
    let id = 0;
    const ok = await this.change(req, res, dialog, messages.linkAddFailed, async () => {
      const input = parseLinkInput(bodyOf(req), { mode: 'add', uploadedFile: uploadedPath });
      id = (await this.links.create(customer.id, input, this.now())).id;
    }, hooks.onRefused);
    if (ok) ownerDone(req, res, 'baglanti-eklendi', { id }, '#baglantilar');
    return ok;
  }

  createLink: RequestHandler = async (req, res) => {
    await this.addLink(req, res);
  };

  /** The link's stored value, for the media controller that replaces a catalog file. */
  findLink(customerId: number, id: number) {
    return this.profiles.findLink(customerId, id);
  }

  /** Edits a link; true when saved. `hooks.onReplaced` removes the catalog file the edit replaced. */
  async editLink(req: Request, res: Response, uploadedPath?: string, hooks: LinkHooks = {}): Promise<boolean> {
    const customer = loadedCustomer(req);
    const id = linkIdOf(req);
    const link = await this.profiles.findLink(customer.id, id);
    if (!link) throw new NotFoundError(messages.linkNotFound);
    const ok = await this.change(req, res, `baglanti-duzenle-${id}`, messages.linkUpdateFailed, async () => {
      // A catalog file stays what it was unless a new one was uploaded; the body can never name one.
      const keepFile = link.platform === 'catalog' && link.url.startsWith('/uploads/') && bodyOf(req).catalog_type !== 'url';
      const input = parseLinkInput(bodyOf(req), { mode: 'edit', platform: link.platform, uploadedFile: uploadedPath ?? (keepFile ? link.url : undefined) });
      // The icon is changed only for custom links (spec section 5).
      await this.links.update(customer.id, id, { url: input.url, label: input.label, ...(link.platform === 'custom' ? { icon: input.icon } : {}) });
      if (link.url.startsWith('/uploads/') && link.url !== input.url) await hooks.onReplaced?.(link.url);
    }, hooks.onRefused);
    if (ok) ownerDone(req, res, 'baglanti-guncellendi', { id }, '#baglantilar');
    return ok;
  }

  updateLink: RequestHandler = async (req, res) => {
    await this.editLink(req, res);
  };

  deleteLink: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const id = linkIdOf(req);
    const deleted = await orFail(messages.deleteFailed, () => this.links.delete(customer.id, id));
    if (!deleted) throw new NotFoundError(messages.linkNotFound);
    ownerDone(req, res, 'baglanti-silindi', { id }, '#baglantilar');
  };

  linkVisibility: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const id = linkIdOf(req);
    let found = true;
    const ok = await this.change(req, res, 'baglantilar', messages.updateFailed, async () => {
      found = await this.links.setVisible(customer.id, id, parseFlag(bodyOf(req), 'is_visible'));
    });
    if (!ok) return;
    if (!found) throw new NotFoundError(messages.linkNotFound);
    ownerDone(req, res, 'kaydedildi', { id }, '#baglantilar');
  };

  moveLink: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const id = linkIdOf(req);
    const direction = bodyOf(req).direction;
    if (direction !== 'up' && direction !== 'down') {
      await this.refuse(req, res, 'baglantilar', new ValidationError({ direction: messages.badDirection }), messages.reorderFailed);
      return;
    }
    const moved = await orFail(messages.reorderFailed, () => this.links.move(customer.id, id, direction));
    if (!moved) throw new NotFoundError(messages.linkNotFound);
    ownerDone(req, res, 'siralama', { id }, '#baglantilar');
  };

  reorderLinks: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const raw = bodyOf(req).order;
    const order = typeof raw === 'string' && /^\d{1,10}(,\d{1,10})*$/.test(raw) ? raw.split(',').map(Number) : null;
    const ok = order !== null && (await orFail(messages.reorderFailed, () => this.links.reorder(customer.id, order)));
    if (!ok) {
      await this.refuse(req, res, 'baglantilar', new ValidationError({ order: messages.badOrder }), messages.reorderFailed);
      return;
    }
    ownerDone(req, res, 'siralama', {}, '#baglantilar');
  };
}
