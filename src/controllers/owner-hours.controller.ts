import type { RequestHandler } from 'express';
import { loadedCustomer } from '../http/loaded-customer.js';
import { dialogs } from '../http/owner-dialogs.js';
import { bodyOf, ownerDone } from '../http/owner-respond.js';
import type { OpeningHoursService } from '../services/opening-hours.service.js';
import { REFUSED, type OwnerEditor } from './owner-editor.js';

export const messages = {
  saveFailed: 'Çalışma saatleri kaydedilemedi',
} as const;

/**
 * The owner's opening-hours form (docs/product.md, Opening hours): saved whole, or refused in its dialog with what was
 * typed.
 */
export class OwnerHoursController {
  constructor(
    private readonly editor: OwnerEditor,
    private readonly hours: OpeningHoursService,
  ) {}

  save: RequestHandler = async (req, res) => {
    const saved = await this.editor.attempt(req, res, dialogs.hours, messages.saveFailed, () =>
      this.hours.save(loadedCustomer(req).id, bodyOf(req)),
    );
    if (saved !== REFUSED) ownerDone(req, res, 'saatler', {}, `#${dialogs.hours}-bolum`);
  };

  /** `Firmanın saatlerine dön`: the member's own hours go, their company's default hours show again. */
  backToCompany: RequestHandler = async (req, res) => {
    const done = await this.editor.attempt(req, res, dialogs.hours, messages.saveFailed, () =>
      this.hours.backToCompany(loadedCustomer(req).id),
    );
    if (done !== REFUSED) ownerDone(req, res, 'saatler-firma', {}, `#${dialogs.hours}-bolum`);
  };
}
