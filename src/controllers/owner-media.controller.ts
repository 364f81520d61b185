import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { requireFile } from '../http/uploaded-file.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ProfileWriteRepository } from '../repositories/profile-write.repository.js';
import { catalogFileName, prepareCatalogFile } from '../media/catalog-file.js';
import { parseCrop, processBackgroundImage, processPhoto, type PhotoKind } from '../media/image-processing.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { OwnerActionsController } from './owner-actions.controller.js';
import { ownerDone } from './owner-respond.js';

export const messages = {
  photoFailed: 'Fotoğraf kaydedilemedi',
  backgroundFailed: 'Arkaplan güncellenemedi',
  catalogFailed: 'Sosyal medya eklenirken hata oluştu',
  defaultCatalogName: 'Dijital Katalog',
} as const;

const photoDialogs: Record<PhotoKind, string> = { profile: 'profil-fotografi', cover: 'kapak' };

function isFileUpload(req: Request): boolean {
  return (req.body as Record<string, unknown>).catalog_type === 'file';
}

/**
 * Uploads on the owner page. A new file is written first, then the database points to
 * it, then the old file goes: a failure between leaves at most an unused new file, which
 * is removed here, never a profile pointing at nothing.
 */
export class OwnerMediaController {
  constructor(
    private readonly actions: OwnerActionsController,
    private readonly profiles: ProfileRepository,
    private readonly writes: ProfileWriteRepository,
    private readonly storage: FileStorage,
    private readonly now: () => number,
  ) {}

  private async refuse(req: Request, res: Response, dialog: string, err: unknown, failure: string): Promise<boolean> {
    if (!(err instanceof ValidationError)) throw err;
    await this.actions.refuse(req, res, dialog, err, failure);
    return false;
  }

  photo(kind: PhotoKind): RequestHandler {
    return async (req, res) => {
      const customer = loadedCustomer(req);
      let stored: string;
      try {
        const file = requireFile(req);
        const data = await processPhoto(file.buffer, kind, parseCrop(req.body));
        stored = await orFail(messages.photoFailed, () => this.storage.saveFile(customer.id, this.storage.newFileName(kind, 'jpg'), data));
      } catch (err) {
        await this.refuse(req, res, photoDialogs[kind], err, messages.photoFailed);
        return;
      }
      const before = await this.profiles.findProfile(customer.id);
      const column = kind === 'profile' ? 'profile_photo' : 'cover_photo';
      try {
        await orFail(messages.photoFailed, () => this.writes.update(customer.id, { [column]: stored }, this.now()));
      } catch (err) {
        await this.storage.removePublicPath(customer.id, stored);
        throw err;
      }
      const previous = kind === 'profile' ? before?.profilePhoto : before?.coverPhoto;
      if (previous && previous !== stored) await this.storage.removePublicPath(customer.id, previous);
      ownerDone(req, res, kind === 'profile' ? 'fotograf' : 'kapak', { url: stored });
    };
  }

  removeCover: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const before = await this.profiles.findProfile(customer.id);
    await orFail(messages.photoFailed, () => this.writes.update(customer.id, { cover_photo: null }, this.now()));
    await this.storage.removePublicPath(customer.id, before?.coverPhoto);
    ownerDone(req, res, 'kapak-kaldirildi');
  };

  backgroundImage: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    let stored: string;
    try {
      const image = await processBackgroundImage(requireFile(req).buffer);
      stored = await orFail(messages.backgroundFailed, () => this.storage.saveFile(customer.id, this.storage.newFileName('background', image.ext), image.data));
    } catch (err) {
      await this.refuse(req, res, 'arka-plan', err, messages.backgroundFailed);
      return;
    }
    const before = await this.profiles.findProfile(customer.id);
    try {
      await orFail(messages.backgroundFailed, () => this.writes.update(customer.id, { background_type: 'image', background_value: stored }, this.now()));
    } catch (err) {
      await this.storage.removePublicPath(customer.id, stored);
      throw err;
    }
    if (before?.backgroundValue.startsWith('/uploads/')) await this.storage.removePublicPath(customer.id, before.backgroundValue);
    ownerDone(req, res, 'arka-plan', { url: stored });
  };

  /** Stores the uploaded catalog file under `{customerId}/{slugified name}-{timestamp}.{ext}`. */
  private async storeCatalog(req: Request): Promise<string> {
    const customer = loadedCustomer(req);
    const file = await prepareCatalogFile(requireFile(req).buffer);
    const label = (req.body as Record<string, unknown>).label;
    const name = typeof label === 'string' && label.trim() ? label : messages.defaultCatalogName;
    return orFail(messages.catalogFailed, () => this.storage.saveFile(customer.id, catalogFileName(name, new Date(this.now()), file.ext), file.data));
  }

  createCatalog: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    if (!isFileUpload(req)) {
      await this.actions.addLink(req, res);
      return;
    }
    const dialog = 'baglanti-ekle-catalog';
    let stored: string;
    try {
      stored = await this.storeCatalog(req);
    } catch (err) {
      await this.refuse(req, res, dialog, err, messages.catalogFailed);
      return;
    }
    const removeStored = async () => {
      await this.storage.removePublicPath(customer.id, stored);
    };
    await this.actions.addLink(req, res, stored, { onRefused: removeStored });
  };

  updateCatalog: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    // Another customer's or a missing link is a 404 before anything is stored.
    const linkId = String(req.params.linkId ?? '');
    const link = /^[1-9]\d{0,9}$/.test(linkId) ? await this.actions.findLink(customer.id, Number(linkId)) : null;
    if (!link) throw new NotFoundError('Bağlantı bulunamadı.');
    let stored: string | undefined;
    if (isFileUpload(req) && req.file) {
      try {
        stored = await this.storeCatalog(req);
      } catch (err) {
        await this.refuse(req, res, `baglanti-duzenle-${String(req.params.linkId)}`, err, messages.catalogFailed);
        return;
      }
    }
    await this.actions.editLink(req, res, stored, {
      onRefused: async () => {
        if (stored) await this.storage.removePublicPath(customer.id, stored);
      },
      onReplaced: async (path) => {
        await this.storage.removePublicPath(customer.id, path);
      },
    });
  };
}
