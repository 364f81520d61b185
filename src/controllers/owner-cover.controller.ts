import type { RequestHandler } from 'express';
import { loadedCustomer } from '../http/loaded-customer.js';
import { dialogs } from '../http/owner-dialogs.js';
import { bodyOf, ownerDone } from '../http/owner-respond.js';
import { coverMessages, type CoverService } from '../services/cover.service.js';
import { REFUSED, type OwnerEditor } from './owner-editor.js';

/**
 * `POST /edit/{token}/cover`: a colour, animation, video or image-address cover (`cover_type`,
 * `cover_value`). The uploaded photo and its removal stay with the uploads controller.
 */
export class OwnerCoverController {
  constructor(
    private readonly editor: OwnerEditor,
    private readonly covers: CoverService,
  ) {}

  cover: RequestHandler = async (req, res) => {
    const saved = await this.editor.attempt(req, res, dialogs.photo('cover'), coverMessages.coverFailed, () =>
      this.covers.setCover(loadedCustomer(req).id, bodyOf(req)),
    );
    if (saved !== REFUSED) ownerDone(req, res, 'kapak-guncellendi');
  };
}
