import type { Request, Response } from 'express';
import { platformById } from '../domain/platforms.js';
import { loadedCustomer, loadedLink } from '../http/loaded-customer.js';
import { dialogs } from '../http/owner-dialogs.js';
import { bodyOf, ownerDone } from '../http/owner-respond.js';
import type { LinkService } from '../services/link.service.js';
import type { ProfileMediaService } from '../services/profile-media.service.js';
import { REFUSED, type OwnerEditor } from './owner-editor.js';

export const linkFormMessages = {
  addFailed: 'Sosyal medya eklenirken hata oluştu',
  updateFailed: 'Sosyal medya güncellenirken hata oluştu',
} as const;

/** A catalog upload's part in a link form: the file stored for it, if one came. */
export interface CatalogUpload {
  stored?: string;
}

/**
 * The add and edit link forms, shared by the edits controller (every platform) and the
 * uploads controller (a catalog, by file or by URL). Not a controller.
 */
export class OwnerLinkForms {
  constructor(
    private readonly editor: OwnerEditor,
    private readonly links: LinkService,
    private readonly media: ProfileMediaService,
  ) {}

  /** Adds a link at the end; an uploaded catalog file is removed again when the link is refused. */
  async add(req: Request, res: Response, catalog?: CatalogUpload): Promise<void> {
    const customer = loadedCustomer(req);
    const platform = platformById(String(bodyOf(req).platform ?? ''));
    // A posted IBAN link is refused in the Banka Hesabı card's dialog, with what was typed, to save there.
    const dialog = platform?.id === 'iban' ? dialogs.iban : platform ? dialogs.addLink(platform.id) : dialogs.links;
    const write = () => this.links.add(customer.id, bodyOf(req), catalog?.stored);
    const added = await this.editor.attempt(req, res, dialog, linkFormMessages.addFailed, () =>
      catalog ? this.media.replace(customer.id, catalog.stored, write) : write(),
    );
    if (added !== REFUSED) ownerDone(req, res, 'baglanti-eklendi', { id: added.id }, `#${dialogs.links}`);
  }

  /**
   * Saves the loaded link's edit form. On the catalog route the file the edit replaced is
   * removed, and a new upload is removed again when the edit is refused.
   */
  async edit(req: Request, res: Response, catalog?: CatalogUpload): Promise<void> {
    const customer = loadedCustomer(req);
    const link = loadedLink(req);
    const write = () => this.links.edit(customer.id, link, bodyOf(req), catalog?.stored);
    const saved = await this.editor.attempt(req, res, dialogs.editLink(link.id), linkFormMessages.updateFailed, () =>
      catalog ? this.media.replace(customer.id, catalog.stored, write) : write(),
    );
    if (saved !== REFUSED) ownerDone(req, res, 'baglanti-guncellendi', { id: link.id }, `#${dialogs.links}`);
  }
}
