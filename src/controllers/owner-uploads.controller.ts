import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { StorageFullError, StorageUnavailableError, ValidationError } from '../errors.js';
import { loadedCustomer, loadedLink } from '../http/loaded-customer.js';
import { dialogs, photoNotices, type DialogId } from '../http/owner-dialogs.js';
import { bodyOf, ownerDone } from '../http/owner-respond.js';
import { FILE_FIELD, requireFile, uploadSource } from '../http/uploaded-file.js';
import { parseCrop, type PhotoKind } from '../media/image-processing.js';
import { FileTooLargeError } from '../middleware/upload.js';
import { UploadStagingError } from '../middleware/upload-storage.js';
import { mediaMessages, type ProfileMediaService } from '../services/profile-media.service.js';
import { REFUSED, type OwnerEditor, type Refused } from './owner-editor.js';
import { linkFormMessages, type OwnerLinkForms } from './owner-link-forms.js';

/** What a 503 asks the owner's browser to wait before trying again, in seconds. */
const RETRY_AFTER_S = 5;

function isFileUpload(req: Request): boolean {
  return bodyOf(req).catalog_type === 'file';
}

/**
 * Uploads on the owner page: photos, the cover, the background image and catalog files.
 * The files' life (write, point the row, remove the old one or undo) is ProfileMediaService's.
 */
export class OwnerUploadsController {
  constructor(
    private readonly editor: OwnerEditor,
    private readonly linkForms: OwnerLinkForms,
    private readonly media: ProfileMediaService,
  ) {}

  photo(kind: PhotoKind): RequestHandler {
    return async (req, res) => {
      const customer = loadedCustomer(req);
      const stored = await this.editor.refuseInvalid(req, res, dialogs.photo(kind), mediaMessages.photoFailed, () =>
        this.media.setPhoto(customer.id, kind, uploadSource(requireFile(req)), parseCrop(req.body)),
      );
      if (stored !== REFUSED) ownerDone(req, res, photoNotices[kind], { url: stored });
    };
  }

  /** After its confirmation dialog: the initials show again, and the photo file is deleted. */
  removeProfilePhoto: RequestHandler = async (req, res) => {
    await this.media.removePhoto(loadedCustomer(req).id, 'profile');
    ownerDone(req, res, 'fotograf-kaldirildi');
  };

  /** Refused when the member's company locked the cover (docs/product.md, Companies). */
  removeCover: RequestHandler = async (req, res) => {
    const removed = await this.editor.refuseInvalid(req, res, dialogs.photo('cover'), mediaMessages.photoFailed, () =>
      this.media.removeCover(loadedCustomer(req).id),
    );
    if (removed !== REFUSED) ownerDone(req, res, 'kapak-kaldirildi');
  };

  backgroundImage: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const stored = await this.editor.refuseInvalid(req, res, dialogs.background, mediaMessages.backgroundFailed, () =>
      this.media.setBackgroundImage(customer.id, uploadSource(requireFile(req))),
    );
    if (stored !== REFUSED) ownerDone(req, res, 'arka-plan', { url: stored });
  };

  /** A new catalog link: by URL like any link, or with a file stored first. */
  createCatalog: RequestHandler = async (req, res) => {
    if (!isFileUpload(req)) {
      await this.linkForms.add(req, res);
      return;
    }
    const stored = await this.storeCatalog(req, res, dialogs.addLink('catalog'));
    if (stored !== REFUSED) await this.linkForms.add(req, res, { stored });
  };

  /** Edits the loaded catalog link; a new file is stored only when one came. */
  updateCatalog: RequestHandler = async (req, res) => {
    let stored: string | undefined;
    if (isFileUpload(req) && req.file) {
      const result = await this.storeCatalog(req, res, dialogs.editLink(loadedLink(req).id));
      if (result === REFUSED) return;
      stored = result;
    }
    await this.linkForms.edit(req, res, { stored });
  };

  /**
   * A file the upload parser refused before any handler ran: over its size limit (413), or with
   * nowhere to wait (a full disk, a temp folder that cannot be written: 503). Shown in the dialog
   * it was chosen in, the typed fields kept, like any other refused file. Goes after the route's
   * handler; every other error passes on to the error handler.
   */
  readonly refusedFile = {
    photo: (kind: PhotoKind) => this.refuseFile(() => dialogs.photo(kind), mediaMessages.photoFailed),
    background: this.refuseFile(() => dialogs.background, mediaMessages.backgroundFailed),
    newCatalog: this.refuseFile(() => dialogs.addLink('catalog'), mediaMessages.catalogFailed),
    /** The edit dialog of the loaded link: put the link loader before the upload parser. */
    catalog: this.refuseFile((req) => dialogs.editLink(loadedLink(req).id), linkFormMessages.updateFailed),
  };

  private refuseFile(dialog: (req: Request) => DialogId, failure: string): ErrorRequestHandler {
    return async (err: unknown, req, res, next) => {
      const refused =
        err instanceof FileTooLargeError ||
        err instanceof StorageFullError ||
        err instanceof StorageUnavailableError ||
        err instanceof UploadStagingError;
      if (!refused || res.headersSent) {
        next(err);
        return;
      }
      if (err.status === 503) res.set('Retry-After', String(RETRY_AFTER_S));
      await this.editor.refuse(
        req,
        res,
        dialog(req),
        new ValidationError({ [FILE_FIELD]: err.message }),
        failure,
        err.status,
      );
    };
  }

  /** The uploaded catalog file, stored before its link is written; a refusal re-opens `dialog`. */
  private storeCatalog(req: Request, res: Response, dialog: DialogId): Promise<string | Refused> {
    return this.editor.refuseInvalid(req, res, dialog, mediaMessages.catalogFailed, () =>
      this.media.storeCatalog(loadedCustomer(req).id, uploadSource(requireFile(req)), bodyOf(req).label),
    );
  }
}
