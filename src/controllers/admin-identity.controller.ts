import type { RequestHandler } from 'express';
import { orFail, ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { done, wantsJson } from '../http/respond.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { CustomerIdentityService } from '../services/customer-identity.service.js';
import { typedValues, type AdminCustomerPage } from './admin-customer-page.js';

export const messages = {
  saved: 'Müşteri bilgileri kaydedildi.',
  failed: 'Müşteri bilgileri kaydedilemedi',
} as const;

/**
 * `POST /admin/customers/{id}/profile` (docs/product.md, The business on the card): the name
 * corrected and the business on the card, from the customer page. The address (slug) stays.
 */
export class AdminIdentityController {
  constructor(
    private readonly identities: CustomerIdentityService,
    private readonly customerPage: AdminCustomerPage,
    private readonly activity: ActivityLog,
  ) {}

  save: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    try {
      await orFail(messages.failed, () => this.identities.update(customer, body));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: `${messages.failed}: ${err.message}`, fields: err.fields });
        return;
      }
      await this.customerPage.render(req, res, 422, {
        identityForm: { values: typedValues(body), errors: { ...err.fields } },
      });
      return;
    }
    await this.activity.customerEdited(actingAdmin(res), customer);
    if (!wantsJson(req)) setFlash(req, 'success', messages.saved);
    done(req, res, `/admin/customers/${customer.id}`, { message: messages.saved });
  };
}
