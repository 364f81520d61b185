import type { RequestHandler } from 'express';
import { ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin, actingScope } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { done, wantsJson } from '../http/respond.js';
import type { CardCodeService } from '../services/card-code.service.js';
import { parseTypedCardCode } from '../validation/card-code.validation.js';
import { codeChangeText } from '../presenters/card-codes.js';
import type { AdminCustomerPage } from './admin-customer-page.js';

export const messages = {
  required: 'Bağlanacak kart kodunu yazın.',
} as const;

/**
 * `POST /admin/customers/{id}/codes` (docs/product.md, Card codes): `code`, as typed or scanned (its `/k/` address is
 * fine, lower case too), attached to this customer's card, moved from another card if it had one. A bad or unknown
 * code is a 422 on the customer page with what was typed.
 */
export class CustomerCodesController {
  constructor(
    private readonly codes: CardCodeService,
    private readonly customerPage: AdminCustomerPage,
  ) {}

  attach: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    let text: string;
    try {
      const code = parseTypedCardCode(body.code);
      if (code === null) throw new ValidationError({ code: messages.required });
      text = codeChangeText(await this.codes.assign(code, customer.id, actingAdmin(res), actingScope(res)));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const value = typeof body.code === 'string' ? body.code.slice(0, 200) : '';
      await this.customerPage.render(req, res, 422, { codeForm: { value, error: err.message } });
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', text);
    done(req, res, `/admin/customers/${customer.id}#kart-kodlari`, { message: text });
  };
}
