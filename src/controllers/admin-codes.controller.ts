import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { actingAdmin, actingRole, actingScope } from '../http/acting-admin.js';
import { idParam } from '../http/id-param.js';
import { done, wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import { roleAllows } from '../domain/admin-role.js';
import { readCardCode } from '../domain/card-code.js';
import { setFlash } from '../middleware/flash.js';
import { cardCodesCsv, codeChangeText, presentCodesPage, type CodesFilter } from '../presenters/card-codes.js';
import type { CardCodeService, CodeChange } from '../services/card-code.service.js';
import { cardCodeMessages, parseNewCardCodeBatch } from '../validation/card-code.validation.js';

export const messages = {
  created: (n: number) => `${n} kart kodu oluşturuldu.`,
  badCustomer: 'Müşteri numarası geçersiz.',
  batchNotFound: 'Kod partisi bulunamadı.',
} as const;

interface BatchForm {
  values: { count: string; kind: string; label: string };
  errors: Record<string, string>;
}

const emptyBatchForm: BatchForm = { values: { count: '', kind: 'nfc', label: '' }, errors: {} };

function typed(body: Record<string, unknown>, field: string, max: number): string {
  const value = body[field];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** `durum=bagli` or `bos` and `parti={id}` of the list's filter form; anything else is no filter. */
function filterOf(query: Request['query']): CodesFilter {
  const batchId = idParam(typeof query.parti === 'string' ? query.parti : undefined);
  const state = query.durum === 'bagli' ? true : query.durum === 'bos' ? false : null;
  return { batchId, assigned: state };
}

/** The customer an assignment names: an id, or nothing to take the code off its card. */
function customerIdOf(value: unknown): number | null | 'invalid' {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string') return 'invalid';
  const id = idParam(value.trim());
  return id === null ? 'invalid' : id;
}

/**
 * Card codes (docs/product.md, Card codes): the batches and their codes with a filter, a new batch (a `yonetici`'s
 * or the `sahip`'s), a batch's CSV for the NFC writer, and a code pointed at a customer or taken off.
 */
export class AdminCodesController {
  constructor(
    private readonly codes: CardCodeService,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
  ) {}

  private async render(
    req: Request,
    res: Response,
    status: number,
    form: BatchForm,
    assignError: { code: string; message: string } | null = null,
  ): Promise<void> {
    const filter = filterOf(req.query);
    const [batches, codes, customers] = await Promise.all([
      this.codes.batches(),
      this.codes.list(filter),
      this.codes.customersWithin(actingScope(res)),
    ]);
    const page = presentCodesPage(batches, codes, filter, this.config.timeZone);
    if (wantsJson(req)) {
      res.status(status).json({ ok: status < 400, batches, codes: page.rows.map((row) => row.json) });
      return;
    }
    res.status(status).render('admin/codes', {
      title: 'Kart kodları',
      page,
      customers,
      canCreate: roleAllows(actingRole(res), 'yonetici'),
      form,
      assignError,
    });
  }

  list: RequestHandler = async (req, res) => {
    await this.render(req, res, 200, emptyBatchForm);
  };

  /** `POST /admin/codes`: a batch of `count` new codes. */
  create: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    let input;
    try {
      input = parseNewCardCodeBatch(body);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const values = {
        count: typed(body, 'count', 10),
        kind: typed(body, 'kind', 3),
        label: typed(body, 'label', 200),
      };
      await this.render(req, res, 422, { values, errors: { ...err.fields } });
      return;
    }
    const batchId = await this.codes.createBatch(input, actingAdmin(res));
    const text = messages.created(input.count);
    if (!wantsJson(req)) setFlash(req, 'success', text);
    done(req, res, `/admin/codes?parti=${batchId}`, { message: text, batch: batchId });
  };

  /** `GET /admin/codes/{batch id}.csv`: each code and its full address, for the NFC writer. */
  csv: RequestHandler = async (req, res) => {
    const batchId = idParam(req.params.batch);
    const batch = batchId === null ? null : await this.codes.batch(batchId);
    if (!batch) throw new NotFoundError(messages.batchNotFound);
    const codes = await this.codes.list({ batchId: batch.id, assigned: null });
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="kart-kodlari-${batch.id}.csv"`);
    res.send(cardCodesCsv(codes, originOf(req, this.config.baseUrl)));
  };

  /** `POST /admin/codes/{code}/assign`: `customer_id`, empty to take the code off its card. */
  assign: RequestHandler = async (req, res) => {
    const code = readCardCode(req.params.code);
    if (code === null) throw new NotFoundError(cardCodeMessages.unknownCode);
    const body = req.body as Record<string, unknown>;
    const customerId = customerIdOf(body.customer_id);
    let change: CodeChange;
    try {
      if (customerId === 'invalid') throw new ValidationError({ customer_id: messages.badCustomer });
      change = await this.codes.assign(code, customerId, actingAdmin(res), actingScope(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      await this.render(req, res, 422, emptyBatchForm, { code, message: err.message });
      return;
    }
    const text = codeChangeText(change);
    if (!wantsJson(req)) setFlash(req, 'success', text);
    const back =
      typeof body.back === 'string' && /^\/admin\/[a-z0-9/?=&-]*$/.test(body.back) ? body.back : '/admin/codes';
    done(req, res, back, { message: text, code, customerId: change?.customer?.id ?? null });
  };
}
