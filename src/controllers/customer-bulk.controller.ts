import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { ForbiddenError, orFail } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { actingAdmin, actingRole, actingScope } from '../http/acting-admin.js';
import { attachmentHeader } from '../http/attachment.js';
import { wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import type { PrintBrand } from '../media/print-kit.js';
import { customersCsv, customersCsvFileName } from '../presenters/customers-csv.js';
import { printPassiveMessages, printPassiveView } from '../presenters/print-passive.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { CustomerBulkService } from '../services/customer-bulk.service.js';
import type { CustomerImportService } from '../services/customer-import.service.js';
import type { PrintKitService } from '../services/print-kit.service.js';
import type { ActivityCustomer } from '../domain/admin-activity.js';
import { roleAllows } from '../domain/admin-role.js';
import { selectionDigest } from '../domain/bulk-selection.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { bulkQuestions, type AskedBulkAction } from '../shared/bulk-questions.js';
import {
  listUrl,
  parseBulkRequest,
  type BulkRequest,
  type BulkTarget,
  type ListQuery,
} from '../validation/bulk-action.validation.js';
import { MAX_SHEET_CARDS, type PassiveChoice } from '../validation/print-kit.validation.js';
import { assigneeMessages } from '../validation/assignee.validation.js';
import { assigneeOptions, type AssigneeOption } from '../presenters/assignee-options.js';
import type { AssigneeChoice } from '../services/customer.service.js';
import type { CompanyService } from '../services/company.service.js';
import { companyMessages } from '../validation/company.validation.js';

export const bulkNotices = {
  activated: (n: number, already: number) =>
    `${n} müşteri aktif yapıldı${already ? ` (${already} müşteri zaten aktifti)` : ''}.`,
  deactivated: (n: number, already: number) =>
    `${n} müşteri pasif yapıldı${already ? ` (${already} müşteri zaten pasifti)` : ''}.`,
  deleted: (n: number) => `${n} müşteri silindi.`,
  assigned: (n: number, who: string | null, already: number) =>
    (who ? `${n} müşterinin sorumlusu artık ${who}.` : `${n} müşterinin sorumlusu kaldırıldı.`) +
    (already ? ` (${already} müşteride zaten böyleydi.)` : ''),
  joined: (n: number, company: string) => `${n} müşteri firmaya eklendi: ${company}.`,
  leftCompany: (n: number) => `${n} müşteri firmadan çıkarıldı.`,
  noneFound: 'Seçilen müşteriler bulunamadı; silinmiş olabilirler. Listeyi yenileyip tekrar deneyin.',
  noneMatching: 'Aramaya uyan müşteri yok; hiçbir şey yapılmadı.',
  tooManyToPrint: (n: number) =>
    `${n} müşteri seçildi; bir seferde en fazla ${MAX_SHEET_CARDS} kartvizit yazdırılabilir. Aramayı ` +
    `daraltın ya da daha az müşteri seçin.`,
  setChanged: 'Liste siz onaylarken değişti; lütfen yeniden onaylayın.',
  countChanged: (n: number, toDo: string) =>
    `Aramaya uyan müşteriler siz onaylayana kadar değişti; şimdi ${n} müşteri. ${toDo} için yeniden onaylayın.`,
  confirmNeeded: (toDo: string) => `${toDo} için onay gerekiyor.`,
  failed: 'Toplu işlem tamamlanamadı; hiçbir müşteri değişmedi. Lütfen tekrar deneyin.',
  printFailed: 'Kartvizitler oluşturulamadı. Lütfen tekrar deneyin.',
} as const;

type ParsedBulkRequest = Extract<BulkRequest, { ok: true }>;

/** What a bulk action names, within the customers the administrator reaches (domain/customer-scope.ts). */
type ScopedTarget = BulkTarget & { scope: CustomerScope };

/** The agency's brand for the printed cards, as the print kit's controller gets it. */
export type BulkPrintBrand = () => Promise<PrintBrand | undefined>;

/** Whom customers may be assigned to (CustomerService.assigneeChoices). */
export type BulkAssigneeChoices = () => Promise<AssigneeChoice[]>;

/**
 * The question's select: the active administrators (assign) or the companies (company), the choice sent and why it was
 * refused.
 */
interface AssigneeQuestion {
  kind?: 'company';
  choices: AssigneeOption[];
  value: string;
  error: string | null;
}

/**
 * POST /admin/customers/bulk (docs/product.md, Administrator, "Selection"): print, CSV, activate,
 * deactivate or delete the ticked customers, or all that match the list's search. A form gets
 * the list again with a notice; the delete asks first, naming the count, and so do activate and
 * deactivate when the list's form sends `review=1`.
 */
export class CustomerBulkController {
  constructor(
    private readonly bulk: CustomerBulkService,
    private readonly kits: PrintKitService,
    private readonly imports: CustomerImportService,
    private readonly brand: BulkPrintBrand,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
    private readonly assigneeChoices: BulkAssigneeChoices,
    private readonly companies: Pick<CompanyService, 'choices' | 'bulkSetCompany'>,
  ) {}

  run: RequestHandler = async (req, res) => {
    const request = parseBulkRequest(req.body as Record<string, unknown>, actingAdmin(res).id ?? 0);
    if (!request.ok) return backToList(req, res, request.back, 'error', request.message, 422);
    const { action, back } = request;
    const target: ScopedTarget = { ...request.target, scope: actingScope(res) };
    // Deleting, exporting and assigning are a `yonetici`'s, as their own routes are (docs/product.md, Administrators
    // and roles).
    if ((action === 'delete' || action === 'csv' || action === 'assign') && !roleAllows(actingRole(res), 'yonetici')) {
      await this.activity.forbiddenAttempt(actingAdmin(res), req.method, req.path);
      throw new ForbiddenError();
    }
    if (action === 'print') return this.print(req, res, target, back, request.passive);
    if (action === 'csv') return this.csv(req, res, target, back);
    if (action === 'assign') return this.assign(req, res, request, target);
    if (action === 'company') return this.company(req, res, request, target);
    if (action === 'delete') {
      const customers = await this.confirmedSelection(req, res, action, request, target);
      if (!customers) return;
      await orFail(bulkNotices.failed, () => this.bulk.delete(customers, actingAdmin(res)));
      return backToList(req, res, back, 'success', bulkNotices.deleted(customers.length), 200, {
        count: customers.length,
      });
    }
    // A direct post acts at once (docs/product.md, Selection; scripts rely on it); the list's form (review=1) and its
    // dialog (confirm=1) ask first.
    let selection: ScopedTarget = target;
    if (request.review || request.confirmed) {
      const confirmed = await this.confirmedSelection(req, res, action, request, target);
      if (!confirmed) return;
      // What changes is what was confirmed: a customer that joined the search since is not touched.
      selection = { kind: 'ids', ids: confirmed.map((customer) => customer.id), scope: target.scope };
    }
    const isActive = action === 'activate';
    const result = await orFail(bulkNotices.failed, () => this.bulk.setActive(selection, isActive, actingAdmin(res)));
    if (result.changed + result.unchanged === 0) return backToList(req, res, back, 'error', nothingFound(target), 422);
    const text = (isActive ? bulkNotices.activated : bulkNotices.deactivated)(result.changed, result.unchanged);
    return backToList(req, res, back, 'success', text, 200, { count: result.changed });
  };

  /**
   * The customers once the user has confirmed what was shown; otherwise the question (a page
   * naming the count, the first names and what happens, or JSON) is the answer and this is null.
   * For "all matching" the confirmation carries the digest of the set it showed
   * (domain/bulk-selection.ts): another set now asks again, whatever its count.
   */
  private async confirmedSelection(
    req: Request,
    res: Response,
    action: AskedBulkAction,
    request: ParsedBulkRequest,
    target: ScopedTarget,
    assignee: AssigneeQuestion | null = null,
  ): Promise<ActivityCustomer[] | null> {
    const { back } = request;
    const question = bulkQuestions[action];
    const customers = await this.bulk.named(target);
    if (customers.length === 0) {
      backToList(req, res, back, 'error', nothingFound(target), 422);
      return null;
    }
    const digest = target.kind === 'matching' ? selectionDigest(customers.map((customer) => customer.id)) : null;
    const verdict = assignee?.error ? 'ask' : verdictOf(request, customers.length, digest);
    if (verdict === 'confirmed') return customers;
    const notice =
      verdict === 'set-changed'
        ? bulkNotices.setChanged
        : verdict === 'count-changed'
          ? bulkNotices.countChanged(customers.length, question.toDo)
          : null;
    if (wantsJson(req)) {
      res.status(notice ? 409 : 422).json({
        ok: false,
        error: notice ?? assignee?.error ?? bulkNotices.confirmNeeded(question.toDo),
        count: customers.length,
        ...(digest ? { digest } : {}),
      });
    } else {
      res.status(notice ? 409 : assignee?.error ? 422 : 200).render('admin/bulk-confirm', {
        title: question.heading(customers.length),
        question,
        action,
        customers,
        target,
        digest,
        back,
        backUrl: listUrl(back),
        notice,
        assignee: assignee?.kind === 'company' ? null : assignee,
        companyChoice: assignee?.kind === 'company' ? assignee : null,
      });
    }
    return null;
  }

  /**
   * The selection's responsible administrator (docs/product.md, Administrators and roles). A direct post naming
   * `admin_id` acts at once, as activate does; the list's form and dialog ask first, whom included: the question's
   * page has the select, kept with its refusal when the administrator is unknown or no longer active.
   */
  private async assign(req: Request, res: Response, request: ParsedBulkRequest, target: ScopedTarget): Promise<void> {
    const { assignee, back } = request;
    const choices = assigneeOptions(await this.assigneeChoices(), 'active');
    const question = (error: string | null): AssigneeQuestion => ({
      choices,
      value: typeof assignee === 'number' ? String(assignee) : '',
      error,
    });
    let selection: ScopedTarget = target;
    const direct = !request.review && !request.confirmed && assignee !== 'missing';
    if (!direct || assignee === 'invalid') {
      // Nobody chosen yet is a question, not a confirmation (the dialog's select sends one).
      const asked = assignee === 'missing' ? { ...request, confirmed: false } : request;
      const error = assignee === 'invalid' ? assigneeMessages.unknown : null;
      const confirmed = await this.confirmedSelection(req, res, 'assign', asked, target, question(error));
      if (!confirmed) return;
      selection = { kind: 'ids', ids: confirmed.map((customer) => customer.id), scope: target.scope };
    }
    const adminId = typeof assignee === 'number' ? assignee : null;
    const result = await orFail(bulkNotices.failed, () => this.bulk.assign(selection, adminId, actingAdmin(res)));
    if (result === 'unknown') {
      await this.confirmedSelection(req, res, 'assign', request, selection, question(assigneeMessages.unknown));
      return;
    }
    if (result.changed + result.unchanged === 0) return backToList(req, res, back, 'error', nothingFound(target), 422);
    const who = choices.find((choice) => choice.id === adminId)?.label ?? result.email;
    const text = bulkNotices.assigned(result.changed + result.unchanged, who, result.unchanged);
    return backToList(req, res, back, 'success', text, 200, { count: result.changed });
  }

  /**
   * The selection's company (docs/product.md, Companies): a direct post naming `company_id` acts at once, as assign
   * does; the list's form asks first, on the question's page with the companies' select (empty: leave any company).
   */
  private async company(req: Request, res: Response, request: ParsedBulkRequest, target: ScopedTarget): Promise<void> {
    const { company, back } = request;
    const choices = (await this.companies.choices()).map(({ id, name }) => ({ id, label: name }));
    const question = (error: string | null): AssigneeQuestion => ({
      kind: 'company',
      choices,
      value: typeof company === 'number' ? String(company) : '',
      error,
    });
    let ids: number[];
    if (request.review || request.confirmed || company === 'missing' || company === 'invalid') {
      const asked = company === 'missing' ? { ...request, confirmed: false } : request;
      const error = company === 'invalid' ? companyMessages.unknown : null;
      const confirmed = await this.confirmedSelection(req, res, 'company', asked, target, question(error));
      if (!confirmed) return;
      ids = confirmed.map((customer) => customer.id);
    } else ids = (await this.bulk.named(target)).map((customer) => customer.id);
    if (ids.length === 0) return backToList(req, res, back, 'error', nothingFound(target), 422);
    const companyId = typeof company === 'number' ? company : null;
    const result = await orFail(bulkNotices.failed, () =>
      this.companies.bulkSetCompany(companyId, ids, target.scope, actingAdmin(res)),
    );
    if (result === 'unknown') {
      const shown: ScopedTarget = { kind: 'ids', ids, scope: target.scope };
      await this.confirmedSelection(req, res, 'company', request, shown, question(companyMessages.unknown));
      return;
    }
    const text = result.company
      ? bulkNotices.joined(result.changed, result.company.name)
      : bulkNotices.leftCompany(result.changed);
    return backToList(req, res, back, 'success', text, 200, { count: result.changed });
  }

  /** The customer CSV of the selection, oldest first. */
  private async csv(req: Request, res: Response, target: ScopedTarget, back: ListQuery): Promise<void> {
    const customers = await this.bulk.named(target);
    if (customers.length === 0) return backToList(req, res, back, 'error', nothingFound(target), 422);
    await this.activity.customersCsvExported(actingAdmin(res), customers.length);
    const rows = await this.imports.listByIds(customers.map((customer) => customer.id));
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${customersCsvFileName(this.now(), this.config.timeZone)}"`);
    res.send(customersCsv(rows, originOf(req, this.config.baseUrl), this.config.timeZone));
  }

  /**
   * The A4 sheet of the selection's cards, at most MAX_SHEET_CARDS (counted before any is read).
   * Passive customers among them are asked about first, on a page whose form sends the
   * selection again with `passive=include` or `passive=skip`.
   */
  private async print(
    req: Request,
    res: Response,
    target: ScopedTarget,
    back: ListQuery,
    choice: PassiveChoice | null,
  ): Promise<void> {
    const count = await this.bulk.count(target);
    if (count === 0) return backToList(req, res, back, 'error', nothingFound(target), 422);
    if (count > MAX_SHEET_CARDS) return backToList(req, res, back, 'error', bulkNotices.tooManyToPrint(count), 422);
    // Ticked boxes print in the list's order as shown; unknown ids are left out.
    const found = (await this.bulk.named(target)).map((customer) => customer.id);
    const known = new Set(found);
    const selected = target.kind === 'ids' ? target.ids.filter((id) => known.has(id)) : found;
    const passive = await this.kits.passiveAmong(selected, target.scope);
    if (passive.length > 0 && choice === null) {
      const selection =
        target.kind === 'ids' ? (['ids', selected.join(',')] as const) : (['all_matching', '1'] as const);
      const fields = [
        ['action', 'print'] as const,
        selection,
        ...Object.entries(back).filter(([, value]) => value !== ''),
      ];
      res.render('admin/print-passive', {
        view: printPassiveView(
          passive,
          selected.length,
          { method: 'post', action: '/admin/customers/bulk', fields },
          listUrl(back),
        ),
      });
      return;
    }
    const left = new Set(choice === 'skip' ? passive.map((customer) => customer.id) : []);
    const ids = selected.filter((id) => !left.has(id));
    if (ids.length === 0) return backToList(req, res, back, 'error', printPassiveMessages.nothingLeft, 422);
    const origin = originOf(req, this.config.baseUrl);
    const file = await orFail(bulkNotices.printFailed, async () =>
      this.kits.sheet(ids, target.scope, origin, await this.brand()),
    );
    await this.activity.printSheetDownloaded(actingAdmin(res), ids.length);
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', attachmentHeader(file.fileName, file.asciiFileName));
    res.send(file.pdf);
  }
}

/**
 * Whether a request confirms what it was shown. Ticked ids are their own record of it. "All
 * matching" from the list's form carries the list's count (`count`, with `review=1`) and, once
 * confirmed on the page or in the dialog, the digest of the set asked about; a direct post
 * naming neither (`confirm=1` alone, the contract's script) confirms the set as it is.
 */
function verdictOf(
  request: ParsedBulkRequest,
  count: number,
  digest: string | null,
): 'confirmed' | 'ask' | 'count-changed' | 'set-changed' {
  if (request.target.kind === 'ids') return request.confirmed ? 'confirmed' : 'ask';
  if (request.confirmed && request.digest !== null) return request.digest === digest ? 'confirmed' : 'set-changed';
  if (request.expectedCount !== null && request.expectedCount !== count) return 'count-changed';
  return request.confirmed && !request.review && request.expectedCount === null ? 'confirmed' : 'ask';
}

function nothingFound(target: BulkTarget): string {
  return target.kind === 'matching' ? bulkNotices.noneMatching : bulkNotices.noneFound;
}

/**
 * Post/redirect/get to the list as it was (q, durum, sira, page kept), the notice in the session; JSON says it
 * directly.
 */
function backToList(
  req: Request,
  res: Response,
  back: ListQuery,
  type: 'success' | 'error',
  text: string,
  jsonStatus: number,
  json: Record<string, unknown> = {},
): void {
  if (wantsJson(req)) {
    res.status(jsonStatus).json(type === 'success' ? { ok: true, message: text, ...json } : { ok: false, error: text });
    return;
  }
  setFlash(req, type, text);
  res.redirect(303, listUrl(back));
}
