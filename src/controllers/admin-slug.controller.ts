import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { done, wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import { publicProfileUrl } from '../domain/profile-urls.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { SlugAddressService } from '../services/slug-address.service.js';
import { parseNewSlug } from '../validation/slug.validation.js';
import type { AdminCustomerPage } from './admin-customer-page.js';

export const messages = {
  changed: (slug: string) => `Profil adresi /${slug} oldu. Eski adres bundan sonra yeni adrese yönlenir.`,
  changeFailed: 'Profil adresi değiştirilemedi.',
} as const;

/** How much of a refused address the form shows again: enough to see the mistake, not a pasted essay. */
const KEPT_INPUT = 300;

/** `POST /admin/customers/{id}/slug` (docs/product.md, Administrator): the customer's public address changes. */
export class AdminSlugController {
  constructor(
    private readonly addresses: SlugAddressService,
    private readonly customerPage: AdminCustomerPage,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly activity: ActivityLog,
  ) {}

  change: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    let slug: string;
    try {
      slug = parseNewSlug(body);
      await this.addresses.change(customer.id, slug);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const value = typeof body.slug === 'string' ? body.slug.slice(0, KEPT_INPUT) : '';
      await this.customerPage.render(req, res, 422, {
        slugForm: { value, error: err.fields.slug ?? messages.changeFailed },
      });
      return;
    }
    await this.activity.slugChanged(actingAdmin(res), customer, slug);
    const text = messages.changed(slug);
    if (!wantsJson(req)) setFlash(req, 'success', text);
    done(req, res, `/admin/customers/${customer.id}`, {
      message: text,
      slug,
      publicUrl: publicProfileUrl(originOf(req, this.config.baseUrl), slug),
    });
  };
}
