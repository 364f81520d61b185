import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { isContactButtonType } from '../domain/contact-buttons.js';
import { loadedCustomer, loadedLink } from '../http/loaded-customer.js';
import { dialogs, type DialogId, type OwnerNotice } from '../http/owner-dialogs.js';
import { bodyOf, ownerDone } from '../http/owner-respond.js';
import type { LinkService } from '../services/link.service.js';
import { mediaMessages } from '../services/profile-media.service.js';
import type { ProfileEditService, TextSaved } from '../services/profile-edit.service.js';
import { sentIdentity } from '../validation/identity.validation.js';
import { parseFlag } from '../validation/profile.validation.js';
import { REFUSED, type OwnerEditor } from './owner-editor.js';
import type { OwnerLinkForms } from './owner-link-forms.js';

/** The failure texts, one per kind of change (docs/product.md, Turkish texts). */
export const messages = {
  updateFailed: 'Güncelleme başarısız',
  deleteFailed: 'Silme işlemi başarısız',
  reorderFailed: 'Sıralama güncellenemedi',
  darkModeFailed: 'Karanlık mod ayarı güncellenemedi',
  nameOnCoverFailed: 'İsim gösterme ayarı güncellenemedi',
  badDirection: 'Geçersiz yön.',
  badOrder: 'Sıralama geçersiz: bağlantı listesi değişmiş olabilir. Sayfayı yenileyin.',
} as const;

const linksAnchor = `#${dialogs.links}`;

/** A saved change's notice: it also says when "add to contacts" went off with the last phone or e-mail. */
const textNotice = (saved: TextSaved): OwnerNotice => (saved.addContactHidden ? 'rehber-gizlendi' : 'kaydedildi');
const contactAnchor = `#${dialogs.contact}`;

/** The owner's form posts that change text, settings, the IBAN card, the background and the links. */
export class OwnerEditsController {
  constructor(
    private readonly editor: OwnerEditor,
    private readonly linkForms: OwnerLinkForms,
    private readonly profileEdits: ProfileEditService,
    private readonly links: LinkService,
  ) {}

  /** Runs a validated change, then answers with `notice`; a refusal re-opens `dialog`. */
  private async save(
    req: Request,
    res: Response,
    dialog: DialogId,
    failure: string,
    notice: OwnerNotice,
    work: () => Promise<void>,
  ): Promise<void> {
    const saved = await this.editor.attempt(req, res, dialog, failure, work);
    if (saved !== REFUSED) ownerDone(req, res, notice);
  }

  profileText: RequestHandler = async (req, res) => {
    const body = bodyOf(req);
    const dialog = sentIdentity(body)
      ? dialogs.identity
      : 'phone' in body || 'email' in body || 'website' in body
        ? dialogs.contact
        : dialogs.bio;
    const saved = await this.editor.attempt(req, res, dialog, messages.updateFailed, () =>
      this.profileEdits.updateText(loadedCustomer(req).id, body),
    );
    if (saved !== REFUSED) ownerDone(req, res, textNotice(saved));
  };

  /**
   * Dark mode, the name on the cover and the profile's visibility switches. The website's switch
   * lives in the contact dialog and comes back to it; without JavaScript it also sends what was
   * typed there, so a refusal of that text re-opens the contact dialog with it.
   */
  settings: RequestHandler = async (req, res) => {
    const body = bodyOf(req);
    const failure =
      'dark_mode' in body
        ? messages.darkModeFailed
        : 'show_name_on_cover' in body
          ? messages.nameOnCoverFailed
          : messages.updateFailed;
    const inContact = 'is_website_visible' in body;
    const saved = await this.editor.attempt(req, res, inContact ? dialogs.contact : dialogs.settings, failure, () =>
      this.profileEdits.updateSettings(loadedCustomer(req).id, body),
    );
    if (saved !== REFUSED) ownerDone(req, res, textNotice(saved), {}, inContact ? contactAnchor : '');
  };

  /** A contact button's switch (and, without JavaScript, the contact dialog's typed text with it). */
  contactButton: RequestHandler = async (req, res) => {
    const type = req.params.type;
    if (!isContactButtonType(type)) throw new NotFoundError();
    const saved = await this.editor.attempt(req, res, dialogs.contact, messages.updateFailed, () =>
      this.profileEdits.setContactButton(loadedCustomer(req).id, type, bodyOf(req)),
    );
    if (saved !== REFUSED) ownerDone(req, res, textNotice(saved), {}, contactAnchor);
  };

  iban: RequestHandler = async (req, res) => {
    await this.save(req, res, dialogs.iban, messages.updateFailed, 'iban', () =>
      this.profileEdits.saveIban(loadedCustomer(req).id, bodyOf(req)),
    );
  };

  /** The IBAN card removed, after the confirmation dialog; a 404 when there is none. */
  removeIban: RequestHandler = async (req, res) => {
    await orFail(messages.deleteFailed, () => this.profileEdits.removeIban(loadedCustomer(req).id));
    ownerDone(req, res, 'iban-kaldirildi');
  };

  ibanVisibility: RequestHandler = async (req, res) => {
    await this.save(req, res, dialogs.iban, messages.updateFailed, 'kaydedildi', () =>
      this.profileEdits.setIbanVisible(loadedCustomer(req).id, bodyOf(req)),
    );
  };

  background: RequestHandler = async (req, res) => {
    await this.save(req, res, dialogs.background, mediaMessages.backgroundFailed, 'arka-plan', () =>
      this.profileEdits.setBackground(loadedCustomer(req).id, bodyOf(req)),
    );
  };

  createLink: RequestHandler = async (req, res) => {
    await this.linkForms.add(req, res);
  };

  updateLink: RequestHandler = async (req, res) => {
    await this.linkForms.edit(req, res);
  };

  deleteLink: RequestHandler = async (req, res) => {
    const { id } = loadedLink(req);
    await orFail(messages.deleteFailed, () => this.links.delete(loadedCustomer(req).id, id));
    ownerDone(req, res, 'baglanti-silindi', { id }, linksAnchor);
  };

  linkVisibility: RequestHandler = async (req, res) => {
    const { id } = loadedLink(req);
    const saved = await this.editor.attempt(req, res, dialogs.links, messages.updateFailed, () =>
      this.links.setVisible(loadedCustomer(req).id, id, parseFlag(bodyOf(req), 'is_visible')),
    );
    if (saved !== REFUSED) ownerDone(req, res, 'kaydedildi', { id }, linksAnchor);
  };

  moveLink: RequestHandler = async (req, res) => {
    const { id } = loadedLink(req);
    const direction = bodyOf(req).direction;
    if (direction !== 'up' && direction !== 'down') {
      await this.editor.refuse(
        req,
        res,
        dialogs.links,
        new ValidationError({ direction: messages.badDirection }),
        messages.reorderFailed,
      );
      return;
    }
    await orFail(messages.reorderFailed, () => this.links.move(loadedCustomer(req).id, id, direction));
    ownerDone(req, res, 'siralama', { id }, linksAnchor);
  };

  reorderLinks: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const raw = bodyOf(req).order;
    const order = typeof raw === 'string' && /^\d{1,10}(,\d{1,10})*$/.test(raw) ? raw.split(',').map(Number) : null;
    const ok = order !== null && (await orFail(messages.reorderFailed, () => this.links.reorder(customer.id, order)));
    if (!ok) {
      await this.editor.refuse(
        req,
        res,
        dialogs.links,
        new ValidationError({ order: messages.badOrder }),
        messages.reorderFailed,
      );
      return;
    }
    ownerDone(req, res, 'siralama', {}, linksAnchor);
  };
}
