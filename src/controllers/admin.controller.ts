import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { orFail, ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin, actingScope } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { done, wantsJson } from '../http/respond.js';
import { CUSTOMERS_PER_PAGE, type CustomerService } from '../services/customer.service.js';
import { editUrl, publicProfileUrl } from '../domain/profile-urls.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { AdminCustomerPage } from './admin-customer-page.js';
import { originOf } from '../http/urls.js';
import { parseActiveFlag, parseNewCustomer } from '../validation/customer.validation.js';
import { assigneeMessages, parseAssignee } from '../validation/assignee.validation.js';
import { parseCustomerListQuery } from '../validation/customer-list-query.js';
import { customerListHref } from '../presenters/customer-list.js';
import { assigneeOptions } from '../presenters/assignee-options.js';

export const messages = {
  createFailed: 'Müşteri oluşturulamadı',
  madeActive: 'Müşteri aktif yapıldı',
  madePassive: 'Müşteri pasif yapıldı',
  statusFailed: 'Müşteri durumu değiştirilirken hata oluştu',
  deleted: 'Müşteri başarıyla silindi',
  deleteFailed: 'Müşteri silinirken hata oluştu',
  tokenReplaced: 'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz.',
  tokenNeedsConfirm: 'Düzenleme bağlantısını yenilemek için onay gerekiyor.',
  notificationsReset: 'Bildirimler kapatıldı: sahibi yeni bağlantıyla yeniden ayarlamalı.',
  assigneeChanged: 'Sorumlu güncellendi.',
} as const;

/**
 * A form's notice waits in the session for the page the redirect leads to; a widget shows the
 * `message` of its JSON answer itself, so a flash would only turn up later on an unrelated page.
 */
function notice(
  req: Request,
  res: Response,
  redirectTo: string,
  text: string,
  json: Record<string, unknown> = {},
): void {
  if (!wantsJson(req)) setFlash(req, 'success', text);
  done(req, res, redirectTo, { ...json, message: text });
}

interface NewCustomerForm {
  open: boolean;
  values: { name: string; surname: string };
  errors: Record<string, string>;
}

const closedForm: NewCustomerForm = { open: false, values: { name: '', surname: '' }, errors: {} };

export class AdminController {
  constructor(
    private readonly customers: CustomerService,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
    private readonly customerPage: AdminCustomerPage,
    private readonly activity: ActivityLog,
    /** The list's `firma` filter's choices (docs/product.md, Companies). */
    private readonly companyChoices: () => Promise<Array<{ id: number; name: string }>>,
  ) {}

  private async renderDashboard(req: Request, res: Response, status: number, form: NewCustomerForm): Promise<void> {
    const { params, filter, sort, page } = parseCustomerListQuery(req.query, actingAdmin(res).id ?? 0);
    const scope = actingScope(res);
    const [list, counts, admins, companies] = await Promise.all([
      this.customers.list(filter, scope, sort, page),
      this.customers.counts(scope),
      this.customers.assigneeChoices(),
      this.companyChoices(),
    ]);
    const totalPages = Math.max(1, Math.ceil(list.total / CUSTOMERS_PER_PAGE));
    if (wantsJson(req)) {
      res.status(status).json({
        ok: true,
        counts,
        total: list.total,
        page,
        totalPages,
        customers: list.customers.map(({ id, name, surname, slug, isActive, createdAt, company, city }) => ({
          id,
          name,
          surname,
          slug,
          isActive,
          createdAt,
          company,
          city,
        })),
      });
      return;
    }
    res.status(status).render('admin/index', {
      title: 'Yönetim Paneli',
      counts,
      customers: list.customers,
      total: list.total,
      search: filter.search,
      listParams: params,
      // The list's `sorumlu` filter (views/admin/list-filters.ejs), once there is a team; an editor who reaches only
      // their own customers has nothing to filter by.
      assignees: admins.length > 1 && !scope ? assigneeOptions(admins, 'all') : [],
      onlyAssigned: scope !== null,
      // The list's `firma` filter, once a company exists.
      companies: companies.map(({ id, name }) => ({ id, name })),
      // The bulk assignment's choices (views/admin/bulk-bar.ejs): only those who may still be given customers.
      assignTo: admins.length > 1 ? assigneeOptions(admins, 'active') : [],
      pageHref: (n: number) => customerListHref(params, n),
      page,
      totalPages,
      form,
      timeZone: this.config.timeZone,
    });
  }

  dashboard: RequestHandler = async (req, res) => {
    await this.renderDashboard(req, res, 200, { ...closedForm, open: req.query.yeni === '1' });
  };

  create: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    let input;
    try {
      input = parseNewCustomer(body);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: messages.createFailed, fields: err.fields });
        return;
      }
      const values = {
        name: typeof body.name === 'string' ? body.name.slice(0, 200) : '',
        surname: typeof body.surname === 'string' ? body.surname.slice(0, 200) : '',
      };
      await this.renderDashboard(req, res, 422, { open: true, values, errors: err.fields });
      return;
    }
    const customer = await orFail(messages.createFailed, () => this.customers.create(input, actingScope(res)));
    await this.activity.customerCreated(actingAdmin(res), customer);
    const origin = originOf(req, this.config.baseUrl);
    done(req, res, `/admin/customers/${customer.id}?created=1`, {
      customer: { id: customer.id, slug: customer.slug },
      publicUrl: publicProfileUrl(origin, customer.slug),
      editUrl: editUrl(origin, customer.editToken),
    });
  };

  show: RequestHandler = (req, res) => this.customerPage.render(req, res);

  setStatus: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    let isActive: boolean;
    try {
      isActive = parseActiveFlag(req.body as Record<string, unknown>);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      throw new ValidationError(err.fields, messages.statusFailed);
    }
    await orFail(messages.statusFailed, () => this.customers.setActive(customer.id, isActive));
    await this.activity.statusChanged(actingAdmin(res), customer, isActive);
    const text = isActive ? messages.madeActive : messages.madePassive;
    notice(req, res, `/admin/customers/${customer.id}`, text, { isActive });
  };

  /**
   * The question before the edit link is replaced (docs/product.md, Administrator): one mis-tap must not lock the owner
   * out.
   */
  confirmToken: RequestHandler = (req, res) => {
    const customer = loadedCustomer(req);
    res.render('admin/token-confirm', { title: 'Düzenleme bağlantısı yenilensin mi?', customer });
  };

  /** Only the confirmation form (`confirm=1`) replaces the link; any other post gets the question. */
  replaceToken: RequestHandler = async (req, res, next) => {
    const customer = loadedCustomer(req);
    if ((req.body as Record<string, unknown>).confirm !== '1') {
      if (wantsJson(req)) res.status(422).json({ ok: false, error: messages.tokenNeedsConfirm });
      else this.confirmToken(req, res, next);
      return;
    }
    const { editToken, notificationsReset } = await this.customers.replaceEditToken(customer.id);
    await this.activity.editLinkReplaced(actingAdmin(res), customer, notificationsReset);
    const text = notificationsReset
      ? `${messages.tokenReplaced} ${messages.notificationsReset}`
      : messages.tokenReplaced;
    notice(req, res, `/admin/customers/${customer.id}`, text, {
      editUrl: editUrl(originOf(req, this.config.baseUrl), editToken),
    });
  };

  /**
   * `POST /admin/customers/{id}/assignee` (docs/product.md, Administrators and roles): `admin_id`, an active
   * administrator, or empty for nobody. An unknown or inactive one is a 422 on the customer page, its choice kept.
   */
  assign: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    let outcome;
    try {
      const adminId = parseAssignee(body);
      outcome = await this.customers.setAssignee(customer.id, adminId);
      if (outcome === 'unknown') throw new ValidationError({ admin_id: assigneeMessages.unknown });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const value = typeof body.admin_id === 'string' ? body.admin_id.slice(0, 20) : '';
      await this.customerPage.render(req, res, 422, { assigneeForm: { value, error: err.message } });
      return;
    }
    await this.activity.assigneeChanged(actingAdmin(res), customer, outcome?.email ?? null);
    notice(req, res, `/admin/customers/${customer.id}`, messages.assigneeChanged, { assigneeId: outcome?.id ?? null });
  };

  remove: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    await orFail(messages.deleteFailed, () => this.customers.delete(customer.id));
    await this.activity.customerDeleted(actingAdmin(res), customer);
    notice(req, res, '/admin', messages.deleted);
  };
}
