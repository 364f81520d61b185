import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail, StorageFullError, StorageUnavailableError, ValidationError } from '../errors.js';
import { idParam } from '../http/id-param.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { bodyOf } from '../http/owner-respond.js';
import { FILE_FIELD, uploadSource } from '../http/uploaded-file.js';
import { ImageQueueFullError } from '../media/image-queue.js';
import { FileTooLargeError } from '../middleware/upload.js';
import { UploadStagingError } from '../middleware/upload-storage.js';
import {
  priceListEditServiceOf,
  type ItemPhoto,
  type PriceListEditDeps,
  type PriceListEditService,
} from '../services/price-list-edit.service.js';
import { listDone, priceListAnchors as anchors, PriceListPages } from './price-list-pages.js';

export const messages = {
  saveFailed: 'Fiyat listesi kaydedilemedi',
  badDirection: 'Geçersiz yön.',
  badOrder: 'Sıralama geçersiz: liste değişmiş olabilir. Sayfayı yenileyin.',
} as const;

type Direction = 'up' | 'down';

/** A row id from the path, or the 404 every loader answers for a malformed one. */
function pathId(raw: unknown): number {
  const id = idParam(raw);
  if (id === null) throw new NotFoundError();
  return id;
}

function directionOf(req: Request): Direction | null {
  const direction = bodyOf(req).direction;
  return direction === 'up' || direction === 'down' ? direction : null;
}

/** `order`: ids, comma-separated, as the drag-and-drop widget posts them. */
function orderOf(req: Request): number[] | null {
  const raw = bodyOf(req).order;
  return typeof raw === 'string' && /^\d{1,10}(,\d{1,10}){0,499}$/.test(raw) ? raw.split(',').map(Number) : null;
}

/** The item form's photo: a chosen file, or the "remove the photo" box. An empty file part is no file. */
function photoOf(req: Request): ItemPhoto {
  const file = req.file;
  const chosen = file !== undefined && file.fieldname === FILE_FIELD && (file.size > 0 || file.originalname !== '');
  return { upload: chosen ? uploadSource(file) : undefined, remove: bodyOf(req).photo_remove === '1' };
}

/** A file that found the disk full, the storage away or the image queue busy: a 503 under the file field. */
function isBusy(err: unknown): err is StorageFullError | StorageUnavailableError | ImageQueueFullError {
  return (
    err instanceof StorageFullError || err instanceof StorageUnavailableError || err instanceof ImageQueueFullError
  );
}

/**
 * The owner's price list editor (docs/product.md, Price list): `/edit/{token}/price-list` and the
 * forms under it. Every write is the loaded customer's; a category or item of another customer
 * is a 404. Each answer is a redirect with a notice, or JSON for the widgets.
 */
export class PriceListEditController {
  constructor(
    private readonly pages: PriceListPages,
    private readonly edits: PriceListEditService,
  ) {}

  /** Runs a change of the list page; a ValidationError shows `form` again with it. */
  private async onList(req: Request, res: Response, form: string, work: () => Promise<void>): Promise<boolean> {
    try {
      await orFail(messages.saveFailed, work);
      return true;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.pages.refuseList(req, res, form, err);
      return false;
    }
  }

  /** Runs an item form's change; a refusal (a field, the photo, a busy disk) shows the item's page again. */
  private async onItem(
    req: Request,
    res: Response,
    itemId: number | null,
    work: () => Promise<void>,
  ): Promise<boolean> {
    try {
      await orFail(messages.saveFailed, work);
      return true;
    } catch (err) {
      if (isBusy(err)) {
        res.set('Retry-After', '5');
        await this.pages.refuseItem(req, res, itemId, new ValidationError({ [FILE_FIELD]: err.message }), 503);
        return false;
      }
      if (!(err instanceof ValidationError)) throw err;
      await this.pages.refuseItem(req, res, itemId, err);
      return false;
    }
  }

  show: RequestHandler = async (req, res) => {
    await this.pages.list(req, res);
  };

  newItem: RequestHandler = async (req, res) => {
    await this.pages.item(req, res, null);
  };

  editItem: RequestHandler = async (req, res) => {
    await this.pages.item(req, res, pathId(req.params.itemId));
  };

  setKind: RequestHandler = async (req, res) => {
    if (await this.onList(req, res, anchors.kind, () => this.edits.setKind(loadedCustomer(req).id, bodyOf(req))))
      listDone(req, res, 'kaydedildi', {}, anchors.kind);
  };

  addCategory: RequestHandler = async (req, res) => {
    let id = 0;
    const saved = await this.onList(req, res, anchors.addCategory, async () => {
      id = await this.edits.addCategory(loadedCustomer(req).id, bodyOf(req));
    });
    if (saved) listDone(req, res, 'kategori-eklendi', { id }, anchors.category(id));
  };

  renameCategory: RequestHandler = async (req, res) => {
    const id = pathId(req.params.categoryId);
    if (
      await this.onList(req, res, anchors.renameCategory(id), () =>
        this.edits.renameCategory(loadedCustomer(req).id, id, bodyOf(req)),
      )
    ) {
      listDone(req, res, 'kaydedildi', { id }, anchors.category(id));
    }
  };

  /** After its confirmation dialog: the category and every item in it. */
  deleteCategory: RequestHandler = async (req, res) => {
    const id = pathId(req.params.categoryId);
    await orFail(messages.saveFailed, () => this.edits.deleteCategory(loadedCustomer(req).id, id));
    listDone(req, res, 'kategori-silindi', { id });
  };

  moveCategory: RequestHandler = async (req, res) => {
    const id = pathId(req.params.categoryId);
    const direction = directionOf(req);
    const moved = await this.onList(req, res, anchors.category(id), async () => {
      if (!direction) throw new ValidationError({ direction: messages.badDirection });
      await this.edits.moveCategory(loadedCustomer(req).id, id, direction);
    });
    if (moved) listDone(req, res, 'siralama', { id }, anchors.category(id));
  };

  reorderCategories: RequestHandler = async (req, res) => {
    const order = orderOf(req);
    const saved = await this.onList(req, res, anchors.addCategory, async () => {
      if (!order || !(await this.edits.reorderCategories(loadedCustomer(req).id, order)))
        throw new ValidationError({ order: messages.badOrder });
    });
    if (saved) listDone(req, res, 'siralama', { order });
  };

  /** The drag-and-drop order of one category's items (widgets/link-sorter). */
  reorderItems: RequestHandler = async (req, res) => {
    const categoryId = pathId(req.params.categoryId);
    const order = orderOf(req);
    const saved = await this.onList(req, res, anchors.category(categoryId), async () => {
      if (!order || !(await this.edits.reorderItems(loadedCustomer(req).id, categoryId, order)))
        throw new ValidationError({ order: messages.badOrder });
    });
    if (saved) listDone(req, res, 'siralama', { order }, anchors.category(categoryId));
  };

  addItem: RequestHandler = async (req, res) => {
    let id = 0;
    const saved = await this.onItem(req, res, null, async () => {
      id = await this.edits.addItem(loadedCustomer(req).id, bodyOf(req), photoOf(req));
    });
    if (saved) listDone(req, res, 'urun-eklendi', { id }, anchors.item(id));
  };

  updateItem: RequestHandler = async (req, res) => {
    const id = pathId(req.params.itemId);
    await this.edits.item(loadedCustomer(req).id, id);
    if (
      await this.onItem(req, res, id, () =>
        this.edits.updateItem(loadedCustomer(req).id, id, bodyOf(req), photoOf(req)),
      )
    ) {
      listDone(req, res, 'urun-guncellendi', { id }, anchors.item(id));
    }
  };

  /** After its confirmation dialog on the item's page; the photo file goes with it. */
  deleteItem: RequestHandler = async (req, res) => {
    const id = pathId(req.params.itemId);
    await orFail(messages.saveFailed, () => this.edits.deleteItem(loadedCustomer(req).id, id));
    listDone(req, res, 'urun-silindi', { id });
  };

  moveItem: RequestHandler = async (req, res) => {
    const id = pathId(req.params.itemId);
    const direction = directionOf(req);
    const moved = await this.onList(req, res, anchors.item(id), async () => {
      if (!direction) throw new ValidationError({ direction: messages.badDirection });
      await this.edits.moveItem(loadedCustomer(req).id, id, direction);
    });
    if (moved) listDone(req, res, 'siralama', { id }, anchors.item(id));
  };

  /** The "Tükendi" (`sold_out`) or "Görünür" (`is_visible`) switch: '1' or '0'. */
  itemSwitch(field: 'sold_out' | 'is_visible'): RequestHandler {
    return async (req, res) => {
      const id = pathId(req.params.itemId);
      if (
        await this.onList(req, res, anchors.item(id), () =>
          this.edits.setSwitch(loadedCustomer(req).id, id, field, bodyOf(req)),
        )
      ) {
        listDone(req, res, 'kaydedildi', { id }, anchors.item(id));
      }
    };
  }

  /**
   * A photo the upload parser refused before the handler ran: over 5 MB (413), or with nowhere
   * to wait (503). Shown on the item's page under the file field, the typed fields kept. Goes
   * after the route's handler; every other error passes on.
   */
  refusedFile: ErrorRequestHandler = async (err: unknown, req, res, next) => {
    const refused =
      err instanceof FileTooLargeError ||
      err instanceof StorageFullError ||
      err instanceof StorageUnavailableError ||
      err instanceof UploadStagingError;
    if (!refused || res.headersSent) {
      next(err);
      return;
    }
    if (err.status === 503) res.set('Retry-After', '5');
    const itemId = req.params.itemId === undefined ? null : pathId(req.params.itemId);
    await this.pages.refuseItem(req, res, itemId, new ValidationError({ [FILE_FIELD]: err.message }), err.status);
  };
}

/** The editor with its service and repository, from what createApp already holds (one line there). */
export function priceListEditorOf(
  deps: PriceListEditDeps & { config: Pick<Config, 'timeZone'> },
): PriceListEditController {
  const edits = priceListEditServiceOf(deps);
  return new PriceListEditController(new PriceListPages(edits, deps.config), edits);
}
