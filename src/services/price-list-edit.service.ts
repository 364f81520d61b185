import type { Knex } from 'knex';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { processPhoto, type ImageSource } from '../media/image-processing.js';
import type { PriceListContent, PriceListReadRepository } from '../repositories/price-list-read.repository.js';
import {
  PriceListRepository,
  type PhotoChange,
  type PriceCategory,
  type StoredPriceItem,
} from '../repositories/price-list.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import { PRICE_LIST_MAX_CATEGORIES, PRICE_LIST_MAX_ITEMS } from '../shared/price-list-limits.js';
import { parseCategoryName, parseItem, parseKind, parseSwitch } from '../validation/price-list.validation.js';
import type { ProfileMediaService } from './profile-media.service.js';

export const priceListMessages = {
  categoryLimit: `En fazla ${PRICE_LIST_MAX_CATEGORIES} kategori olabilir. Yeni bir kategori için önce birini silin.`,
  itemLimit: `En fazla ${PRICE_LIST_MAX_ITEMS} ürün olabilir. Yeni bir ürün için önce birini silin.`,
  categoryNotFound: 'Kategori bulunamadı.',
  itemNotFound: 'Ürün bulunamadı.',
  photoFailed: 'Fotoğraf kaydedilemedi',
} as const;

type Form = Readonly<Record<string, unknown>>;

/** The photo an item's form brings: a new file, or a request to remove the one it has. */
export interface ItemPhoto {
  upload?: ImageSource;
  remove?: boolean;
}

export interface PriceListEditorData extends PriceListContent {
  counts: { categories: number; items: number };
}

/**
 * The owner's price list editor (docs/product.md, Price list): each form validated, limits
 * enforced, and an item's photo checked by its bytes, re-encoded (a 400x400 JPEG, as the profile
 * photo) and saved before the row points to it; the file it replaces goes after the row is
 * saved, or the new one when the row write fails (ProfileMediaService.replace).
 */
export class PriceListEditService {
  constructor(
    private readonly lists: PriceListRepository,
    private readonly reads: PriceListReadRepository,
    private readonly media: ProfileMediaService,
    private readonly storage: FileStorage,
    private readonly now: () => number,
  ) {}

  async editor(customerId: number): Promise<PriceListEditorData> {
    const [content, counts] = await Promise.all([
      this.reads.content(customerId, { visibleOnly: false }),
      this.lists.counts(customerId),
    ]);
    return { ...content, counts };
  }

  async category(customerId: number, id: number): Promise<PriceCategory> {
    return (await this.lists.category(customerId, id)) ?? notFound(priceListMessages.categoryNotFound);
  }

  async item(customerId: number, id: number): Promise<StoredPriceItem> {
    return (await this.lists.item(customerId, id)) ?? notFound(priceListMessages.itemNotFound);
  }

  async setKind(customerId: number, form: Form): Promise<void> {
    await this.lists.setKind(customerId, parseKind(form));
  }

  async addCategory(customerId: number, form: Form): Promise<number> {
    const added = await this.lists.addCategory(
      customerId,
      parseCategoryName(form),
      this.now(),
      PRICE_LIST_MAX_CATEGORIES,
    );
    if (added === 'limit' || added === 'missing') throw new ValidationError({ name: priceListMessages.categoryLimit });
    return added;
  }

  async renameCategory(customerId: number, id: number, form: Form): Promise<void> {
    if (!(await this.lists.renameCategory(customerId, id, parseCategoryName(form))))
      notFound(priceListMessages.categoryNotFound);
  }

  /** The category with its items; their photo files go once the rows are gone (or wait for the sweep). */
  async deleteCategory(customerId: number, id: number): Promise<void> {
    const photos = await this.lists.deleteCategory(customerId, id, this.now());
    if (photos === false) notFound(priceListMessages.categoryNotFound);
    for (const photo of photos) await this.media.removeLeftover(customerId, photo);
  }

  async moveCategory(customerId: number, id: number, direction: 'up' | 'down'): Promise<void> {
    if (!(await this.lists.moveCategory(customerId, id, direction))) notFound(priceListMessages.categoryNotFound);
  }

  /** False when `order` is not every category of the customer once. */
  reorderCategories(customerId: number, order: readonly number[]): Promise<boolean> {
    return this.lists.reorderCategories(customerId, order);
  }

  /** A new item; the limit is checked before the photo is worked on, and again as the row is written. */
  async addItem(customerId: number, form: Form, photo: ItemPhoto): Promise<number> {
    const values = parseItem(form);
    if ((await this.lists.counts(customerId)).items >= PRICE_LIST_MAX_ITEMS)
      throw new ValidationError({ name: priceListMessages.itemLimit });
    const stored = photo.upload === undefined ? undefined : await this.storePhoto(customerId, photo.upload);
    const added = await this.media.replace(customerId, stored, async () => {
      const result = await this.lists.addItem(customerId, values, stored ?? null, this.now(), PRICE_LIST_MAX_ITEMS);
      if (result === 'limit') throw new ValidationError({ name: priceListMessages.itemLimit });
      if (result === 'missing') notFound(priceListMessages.categoryNotFound);
      return { id: result };
    });
    return added.id;
  }

  async updateItem(customerId: number, id: number, form: Form, photo: ItemPhoto): Promise<void> {
    const values = parseItem(form);
    const stored = photo.upload === undefined ? undefined : await this.storePhoto(customerId, photo.upload);
    const change: PhotoChange = stored ?? (photo.remove ? null : undefined);
    await this.media.replace(customerId, stored, async () => {
      const result = await this.lists.updateItem(customerId, id, values, change, this.now());
      if (result === 'limit' || result === 'missing') return notFound(priceListMessages.itemNotFound);
      // The old photo goes only when this form replaced or removed it.
      return { replaced: change === undefined ? null : result.before };
    });
  }

  async deleteItem(customerId: number, id: number): Promise<void> {
    const deleted = await this.lists.deleteItem(customerId, id, this.now());
    if (deleted === false) notFound(priceListMessages.itemNotFound);
    await this.media.removeLeftover(customerId, deleted.photo);
  }

  async moveItem(customerId: number, id: number, direction: 'up' | 'down'): Promise<void> {
    if (!(await this.lists.moveItem(customerId, id, direction))) notFound(priceListMessages.itemNotFound);
  }

  /** False when `order` is not every item of the category once. */
  async reorderItems(customerId: number, categoryId: number, order: readonly number[]): Promise<boolean> {
    await this.category(customerId, categoryId);
    return this.lists.reorderItems(customerId, categoryId, order);
  }

  /** The "tükendi" (`sold_out`) or visible (`is_visible`) switch, posted as '1' or '0'. */
  async setSwitch(customerId: number, id: number, field: 'sold_out' | 'is_visible', form: Form): Promise<void> {
    if (!(await this.lists.setSwitch(customerId, id, field, parseSwitch(form, field), this.now())))
      notFound(priceListMessages.itemNotFound);
  }

  private async storePhoto(customerId: number, upload: ImageSource): Promise<string> {
    // A square 400x400 JPEG, cut from the centre, as the profile photo is.
    const data = await processPhoto(upload, 'profile', null);
    return orFail(priceListMessages.photoFailed, () =>
      this.storage.saveFile(customerId, this.storage.newFileName('urun', 'jpg'), data),
    );
  }
}

function notFound(message: string): never {
  throw new NotFoundError(message);
}

/** What the service is made of, as createApp holds it. */
export interface PriceListEditDeps {
  db: Knex;
  reads: PriceListReadRepository;
  media: ProfileMediaService;
  storage: FileStorage;
  now: () => number;
}

/** The service with its repository. */
export function priceListEditServiceOf(deps: PriceListEditDeps): PriceListEditService {
  return new PriceListEditService(new PriceListRepository(deps.db), deps.reads, deps.media, deps.storage, deps.now);
}
