import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin, actingRole, actingScope } from '../http/acting-admin.js';
import { idParam } from '../http/id-param.js';
import { done, wantsJson } from '../http/respond.js';
import { roleAllows } from '../domain/admin-role.js';
import type { Company, CompanyService } from '../services/company.service.js';
import { idsOf } from '../validation/bulk-action.validation.js';
import { parseNewCompany } from '../validation/company.validation.js';

export const messages = {
  created: 'Firma oluşturuldu.',
  notFound: 'Firma bulunamadı.',
  added: (n: number) => `${n} müşteri firmaya eklendi.`,
  removed: (n: number) => `${n} müşteri firmadan çıkarıldı.`,
} as const;

interface CompanyForm {
  values: { name: string; slug: string };
  errors: Record<string, string>;
}

const emptyForm: CompanyForm = { values: { name: '', slug: '' }, errors: {} };

function typed(body: Record<string, unknown>, field: string, max: number): string {
  const value = body[field];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/**
 * The companies (docs/product.md, Companies): their list and the new company's form, a company's page with its
 * members, and members put in or taken out. Every administrator sees them; a `yonetici` or the `sahip` creates one.
 */
export class AdminCompaniesController {
  constructor(private readonly companies: CompanyService) {}

  private async renderList(req: Request, res: Response, status: number, form: CompanyForm): Promise<void> {
    const companies = await this.companies.list(actingScope(res));
    if (wantsJson(req)) {
      res.status(status).json({
        ok: true,
        companies: companies.map(({ id, name, slug, members }) => ({ id, name, slug, members })),
      });
      return;
    }
    res.status(status).render('admin/companies', {
      title: 'Firmalar',
      companies,
      canCreate: roleAllows(actingRole(res), 'yonetici'),
      form,
    });
  }

  private async company(req: Request): Promise<Company> {
    const id = idParam(req.params.id);
    const company = id === null ? null : await this.companies.find(id);
    if (!company) throw new NotFoundError(messages.notFound);
    return company;
  }

  private async renderCompany(req: Request, res: Response, status: number, error: string | null): Promise<void> {
    const company = await this.company(req);
    const [members, teamViews] = await Promise.all([
      this.companies.members(company.id, actingScope(res)),
      this.companies.teamPageViews(company.id),
    ]);
    res.status(status).render('admin/company', { title: company.name, company, members, teamViews, error });
  }

  list: RequestHandler = async (req, res) => {
    await this.renderList(req, res, 200, emptyForm);
  };

  create: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    let company: Company;
    try {
      company = await this.companies.create(parseNewCompany(body), actingAdmin(res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const values = { name: typed(body, 'name', 200), slug: typed(body, 'slug', 300) };
      await this.renderList(req, res, 422, { values, errors: { ...err.fields } });
      return;
    }
    if (!wantsJson(req)) setFlash(req, 'success', messages.created);
    done(req, res, `/admin/companies/${company.id}`, {
      message: messages.created,
      company: { id: company.id, name: company.name, slug: company.slug },
    });
  };

  /** The company's page; after a refused template form (company-template.controller.ts) with its status. */
  show: RequestHandler = async (req, res) => {
    await this.renderCompany(req, res, res.statusCode, null);
  };

  /**
   * `POST /admin/companies/{id}/members`: `ids` join the company, or leave it with `remove=1`. Only the customers the
   * administrator reaches are touched; the others are passed over.
   */
  members: RequestHandler = async (req, res) => {
    const company = await this.company(req);
    const body = req.body as Record<string, unknown>;
    const ids = idsOf(body.ids);
    if (typeof ids === 'string') {
      if (wantsJson(req)) res.status(422).json({ ok: false, error: ids });
      else await this.renderCompany(req, res, 422, ids);
      return;
    }
    const join = body.remove !== '1';
    const count = await this.companies.setMembership(company, ids, actingScope(res), join, actingAdmin(res));
    const text = join ? messages.added(count) : messages.removed(count);
    if (!wantsJson(req)) setFlash(req, 'success', text);
    done(req, res, `/admin/companies/${company.id}`, { message: text, count });
  };
}
