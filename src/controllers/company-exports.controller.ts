import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin, actingScope } from '../http/acting-admin.js';
import { attachmentHeader } from '../http/attachment.js';
import { idParam } from '../http/id-param.js';
import { originOf } from '../http/urls.js';
import type { PrintBrand } from '../media/print-kit.js';
import { customersCsv, customersCsvFileName } from '../presenters/customers-csv.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { Company, CompanyService } from '../services/company.service.js';
import type { CustomerImportService } from '../services/customer-import.service.js';
import type { PrintKitService } from '../services/print-kit.service.js';
import { MAX_SHEET_CARDS } from '../validation/print-kit.validation.js';

export const companyExportMessages = {
  notFound: 'Firma bulunamadı.',
  noActiveMember: 'Firmada yazdırılacak aktif üye yok.',
  tooMany: (n: number) =>
    `Bir sayfada en fazla ${MAX_SHEET_CARDS} kartvizit yazdırılabilir; firmada ${n} aktif üye var.`,
  printFailed: 'Kartvizitler oluşturulamadı. Lütfen tekrar deneyin.',
} as const;

/**
 * A company's print and export actions (docs/product.md, Companies): the members' card sheet
 * (`/admin/companies/{id}/print.pdf`, the list's bulk print of them) and their CSV (`members.csv`, the customers CSV's
 * columns), each of the members the administrator reaches.
 */
export class CompanyExportsController {
  constructor(
    private readonly companies: CompanyService,
    private readonly kits: PrintKitService,
    private readonly imports: CustomerImportService,
    private readonly brand: () => Promise<PrintBrand | undefined>,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
  ) {}

  private async company(req: Request): Promise<Company> {
    const id = idParam(req.params.id);
    const company = id === null ? null : await this.companies.find(id);
    if (!company) throw new NotFoundError(companyExportMessages.notFound);
    return company;
  }

  private back(req: Request, res: Response, company: Company, text: string): void {
    setFlash(req, 'error', text);
    res.redirect(303, `/admin/companies/${company.id}`);
  }

  /** The active members' cards on A4 sheets, by name; passive members' pages are closed, so they are left out. */
  print: RequestHandler = async (req, res) => {
    const company = await this.company(req);
    const scope = actingScope(res);
    const ids = (await this.companies.members(company.id, scope)).filter((m) => m.isActive).map((m) => m.id);
    if (ids.length === 0) return this.back(req, res, company, companyExportMessages.noActiveMember);
    if (ids.length > MAX_SHEET_CARDS) return this.back(req, res, company, companyExportMessages.tooMany(ids.length));
    const origin = originOf(req, this.config.baseUrl);
    const file = await orFail(companyExportMessages.printFailed, async () =>
      this.kits.sheet(ids, scope, origin, await this.brand()),
    );
    await this.activity.printSheetDownloaded(actingAdmin(res), ids.length);
    res.set('Content-Type', 'application/pdf');
    res.set(
      'Content-Disposition',
      attachmentHeader(`kartvizitler-${company.slug}.pdf`, `kartvizitler-${company.slug}.pdf`),
    );
    res.send(file.pdf);
  };

  /** Every member (active or not) as the customers CSV writes them, oldest first. */
  csv: RequestHandler = async (req, res) => {
    const company = await this.company(req);
    const members = await this.companies.members(company.id, actingScope(res));
    const ids = members.map((m) => m.id).sort((a, b) => a - b);
    await this.activity.customersCsvExported(actingAdmin(res), ids.length);
    const rows = ids.length === 0 ? [] : await this.imports.listByIds(ids);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    const name = `${company.slug}-${customersCsvFileName(this.now(), this.config.timeZone)}`;
    res.set('Content-Disposition', `attachment; filename="${name}"`);
    res.send(customersCsv(rows, originOf(req, this.config.baseUrl), this.config.timeZone));
  };
}
