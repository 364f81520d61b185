import type { RequestHandler } from 'express';
import { ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { done, wantsJson } from '../http/respond.js';
import type { CompanyService } from '../services/company.service.js';
import { parseCompanyChoice } from '../validation/company.validation.js';
import type { AdminCustomerPage } from './admin-customer-page.js';

export const messages = {
  changed: 'Firma güncellendi.',
} as const;

/**
 * `POST /admin/customers/{id}/company` (docs/product.md, Companies): `company_id`, a company, or empty for none. An
 * unknown company is a 422 on the customer page, its choice kept.
 */
export class CustomerCompanyController {
  constructor(
    private readonly companies: CompanyService,
    private readonly customerPage: AdminCustomerPage,
  ) {}

  change: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    let companyId: number | null;
    try {
      companyId = parseCompanyChoice(body);
      await this.companies.setCustomerCompany(customer, companyId, actingAdmin(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const value = typeof body.company_id === 'string' ? body.company_id.slice(0, 20) : '';
      await this.customerPage.render(req, res, 422, { companyForm: { value, error: err.message } });
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', messages.changed);
    done(req, res, `/admin/customers/${customer.id}`, { message: messages.changed, companyId });
  };
}
