import { lockedLookErrors } from '../domain/company-template.js';
import { orFail, StorageUnavailableError, ValidationError } from '../errors.js';
import { catalogFileName, prepareCatalogFile } from '../media/catalog-file.js';
import {
  processBackgroundImage,
  processPhoto,
  type CropRect,
  type ImageSource,
  type PhotoKind,
} from '../media/image-processing.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ProfileWriteRepository } from '../repositories/profile-write.repository.js';
import type { Logger } from '../logger.js';
import type { FileContent, FileStorage } from '../storage/file-storage.js';

export const mediaMessages = {
  photoFailed: 'Fotoğraf kaydedilemedi',
  backgroundFailed: 'Arkaplan güncellenemedi',
  catalogFailed: 'Sosyal medya eklenirken hata oluştu',
  defaultCatalogName: 'Dijital Katalog',
} as const;

/** What a row change reports back: the stored file the row pointed to before it, if it replaced one. */
export interface Replacing {
  replaced?: string | null;
}

/**
 * The owner's uploaded files: profile photo, cover, background image and catalog files.
 * A new file is written first, then the row points to it, then the old file goes: a failure
 * in between leaves at most the new, unused file, which is removed at once, never a row
 * pointing at nothing.
 */
export class ProfileMediaService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly writes: ProfileWriteRepository,
    private readonly storage: FileStorage,
    private readonly now: () => number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /**
   * Points a row at `stored` (already written; none when the change brings no new file):
   * `point` saves the row and says which file it pointed to before, removed once the row is
   * saved. When `point` fails, the new file is removed instead and the error passes on.
   */
  async replace<T extends object>(
    customerId: number,
    stored: string | undefined,
    point: () => Promise<T & Replacing>,
  ): Promise<T> {
    let result: T & Replacing;
    try {
      result = await point();
    } catch (err) {
      if (stored) await this.removeLeftover(customerId, stored);
      throw err;
    }
    if (result.replaced && result.replaced !== stored) await this.removeLeftover(customerId, result.replaced);
    return result;
  }

  /**
   * A file no row points at any more (null: none). When the bucket is away it stays, logged, to
   * be swept as an orphan at a later start (docs/product.md, Object storage): the change that
   * let go of it is saved, so the owner is not told otherwise.
   */
  async removeLeftover(customerId: number, publicPath: string | null | undefined): Promise<void> {
    try {
      await this.storage.removePublicPath(customerId, publicPath);
    } catch (err) {
      if (!(err instanceof StorageUnavailableError)) throw err;
      this.logger.warn({ err, customerId, publicPath }, 'unused upload left for the orphan sweep: storage unavailable');
    }
  }

  private save(customerId: number, failure: string, fileName: string, data: FileContent): Promise<string> {
    return orFail(failure, () => this.storage.saveFile(customerId, fileName, data));
  }

  /**
   * A change of the background or cover the member's company locked is refused before any file is made
   * (docs/product.md, Companies).
   */
  private async refuseLocked(customerId: number, lock: 'background' | 'cover'): Promise<void> {
    const locked = lockedLookErrors((await this.profiles.findOwnProfile(customerId))?.template, lock);
    if (Object.keys(locked).length > 0) throw new ValidationError(locked);
  }

  /** A new profile or cover photo, cropped as the owner chose; returns its public path. */
  async setPhoto(customerId: number, kind: PhotoKind, upload: ImageSource, crop: CropRect | null): Promise<string> {
    if (kind === 'cover') await this.refuseLocked(customerId, 'cover');
    const data = await processPhoto(upload, kind, crop);
    const stored = await this.save(customerId, mediaMessages.photoFailed, this.storage.newFileName(kind, 'jpg'), data);
    await this.pointPhoto(customerId, kind, stored);
    return stored;
  }

  /**
   * No profile photo (the initials show) or back to the default cover: the column is cleared,
   * then an uploaded file it pointed to is deleted.
   */
  async removePhoto(customerId: number, kind: PhotoKind): Promise<void> {
    if (kind === 'cover') await this.refuseLocked(customerId, 'cover');
    await this.pointPhoto(customerId, kind, null);
  }

  /** Back to the default cover; an uploaded cover file goes with it. */
  removeCover(customerId: number): Promise<void> {
    return this.removePhoto(customerId, 'cover');
  }

  /** The photo column of `kind` set to `stored` (null: cleared); the file it pointed to goes. */
  private async pointPhoto(customerId: number, kind: PhotoKind, stored: string | null): Promise<void> {
    await this.replace(customerId, stored ?? undefined, async () => {
      const before = await this.profiles.findOwnProfile(customerId);
      const column = kind === 'profile' ? 'profile_photo' : 'cover_photo';
      await orFail(mediaMessages.photoFailed, () => this.writes.update(customerId, { [column]: stored }, this.now()));
      return { replaced: kind === 'profile' ? before?.profilePhoto : before?.coverPhoto };
    });
  }

  /** An uploaded page background; returns its public path. */
  async setBackgroundImage(customerId: number, upload: ImageSource): Promise<string> {
    await this.refuseLocked(customerId, 'background');
    const image = await processBackgroundImage(upload);
    const stored = await this.save(
      customerId,
      mediaMessages.backgroundFailed,
      this.storage.newFileName('background', image.ext),
      image.data,
    );
    await this.replace(customerId, stored, async () => {
      const before = await this.profiles.findOwnProfile(customerId);
      await orFail(mediaMessages.backgroundFailed, () =>
        this.writes.update(customerId, { background_type: 'image', background_value: stored }, this.now()),
      );
      return { replaced: before?.backgroundValue };
    });
    return stored;
  }

  /**
   * Stores an uploaded catalog file as `{slugified name}-{timestamp}.{ext}`, named after the
   * link's label. Nothing points to it yet: the link write that does goes through `replace`.
   */
  async storeCatalog(customerId: number, upload: ImageSource, label: unknown): Promise<string> {
    const file = await prepareCatalogFile(upload);
    const name = typeof label === 'string' && label.trim() ? label : mediaMessages.defaultCatalogName;
    const content = typeof file.data === 'string' ? { fromFile: file.data } : file.data;
    return this.save(
      customerId,
      mediaMessages.catalogFailed,
      catalogFileName(name, new Date(this.now()), file.ext),
      content,
    );
  }
}
