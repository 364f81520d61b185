import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { attachmentHeader } from '../http/attachment.js';
import { idParam } from '../http/id-param.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { bodyOf, ownerBase } from '../http/owner-respond.js';
import { LEAD_LIMITS, LEAD_RETENTION_MONTHS } from '../domain/lead-notice.js';
import { leadsCsv, leadsVCard, leadVCard, presentLeadRow } from '../presenters/lead-list.js';
import type { LeadService, LeadSettingsView } from '../services/lead.service.js';
import { parseLeadSettings } from '../validation/lead.validation.js';

export const messages = {
  listFailed: 'Kişiler yüklenirken hata oluştu',
  saveFailed: 'Ayarlar kaydedilemedi',
  deleteFailed: 'Kişi silinemedi',
  notFound: 'Kişi bulunamadı.',
} as const;

/** Notices after a change (`?durum=`): a code in the URL, never a text. */
export const leadNotices = {
  kaydedildi: 'İletişim formu ayarları kaydedildi.',
  silindi: 'Kişi silindi.',
  'hepsi-silindi': 'Bütün kişiler silindi.',
} as const;

/** Dialog ids (also the `#` anchors that open them without JavaScript). */
export const leadDialogs = {
  settings: 'iletisim-formu',
  deleteAll: 'kisileri-sil',
  deleteOne: (id: number) => `kisi-sil-${id}`,
} as const;

/** The first page of leads; older ones are in the downloads (a year of leads is at most a few thousand). */
export const LEADS_ON_PAGE = 200;

/** The agency's brand name (res.locals.brand, brandLocals), which names the form in a lead's card. */
function brandName(res: Response): string {
  return (res.locals.brand as { name?: string } | undefined)?.name ?? 'Vizit';
}

function noticeOf(raw: unknown): string | null {
  return typeof raw === 'string' && Object.hasOwn(leadNotices, raw)
    ? leadNotices[raw as keyof typeof leadNotices]
    : null;
}

/** The owner's "Kişiler" (docs/product.md, Contact exchange): the settings, the leads, their downloads and deletes. */
export class OwnerLeadsController {
  constructor(
    private readonly leadService: LeadService,
    private readonly config: Pick<Config, 'timeZone'>,
    private readonly now: () => number,
  ) {}

  private async render(
    req: Request,
    res: Response,
    status: number,
    settings: LeadSettingsView,
    errors: Record<string, string>,
    askDeleteAll = false,
  ): Promise<void> {
    const customer = loadedCustomer(req);
    // Taken before the read: a lead that lands meanwhile is shown and still counts as new once.
    const openedAt = this.now();
    const { total, unread, leads } = await orFail(messages.listFailed, () =>
      this.leadService.page(customer.id, LEADS_ON_PAGE),
    );
    if (status === 200) await orFail(messages.listFailed, () => this.leadService.markRead(customer.id, openedAt));
    res.status(status).render('edit/leads', {
      title: 'Kişiler',
      customer,
      base: ownerBase(req),
      total,
      unread,
      notice: noticeOf(req.query.durum),
      settings,
      errors,
      limits: LEAD_LIMITS,
      retentionChoices: LEAD_RETENTION_MONTHS,
      dialogs: leadDialogs,
      askDeleteAll,
      leads: leads.map((lead) => presentLeadRow(lead, openedAt, this.config.timeZone)),
    });
  }

  list: RequestHandler = async (req, res) => {
    const settings = await orFail(messages.listFailed, () => this.leadService.settingsFor(loadedCustomer(req)));
    await this.render(req, res, 200, settings, {});
  };

  /** `POST …/leads/settings`: saved (a changed notice is a new version), or the form again with what was typed. */
  saveSettings: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = bodyOf(req);
    try {
      const input = parseLeadSettings(body);
      await orFail(messages.saveFailed, () => this.leadService.saveSettings(customer.id, input));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const saved = await orFail(messages.listFailed, () => this.leadService.settingsFor(customer));
      const fields = new Set(Array.isArray(body.fields) ? body.fields : [body.fields]);
      const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
      const months = Number(body.retention_months);
      const typed: LeadSettingsView = {
        ...saved,
        enabled: body.enabled === '1',
        fields: { phone: fields.has('phone'), email: fields.has('email'), note: fields.has('note') },
        prompt: text('prompt'),
        notice: text('notice'),
        retentionMonths: (LEAD_RETENTION_MONTHS as readonly number[]).includes(months)
          ? (months as LeadSettingsView['retentionMonths'])
          : saved.retentionMonths,
      };
      await this.render(req, res, 422, typed, { ...err.fields });
      return;
    }
    res.redirect(303, `${ownerBase(req)}/leads?durum=kaydedildi`);
  };

  /** `leads.csv`: every lead, newest first. */
  csv: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const all = await orFail(messages.listFailed, () => this.leadService.all(customer.id));
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', attachmentHeader(`kisiler-${customer.slug}.csv`, `kisiler-${customer.slug}.csv`));
    res.send(Buffer.from(leadsCsv(all, this.config.timeZone), 'utf8'));
  };

  /** `leads.vcf`: every lead as one file of cards. */
  vcards: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const all = await orFail(messages.listFailed, () => this.leadService.all(customer.id));
    res.set('Content-Type', 'text/vcard; charset=utf-8');
    res.set('Content-Disposition', attachmentHeader(`kisiler-${customer.slug}.vcf`, `kisiler-${customer.slug}.vcf`));
    res.send(Buffer.from(leadsVCard(all, this.config.timeZone, brandName(res)), 'utf8'));
  };

  /** `leads/{id}/vcard.vcf`: one lead; another customer's or a missing id is a 404. */
  vcard: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const id = idParam(req.params.leadId);
    const lead = id === null ? null : await orFail(messages.listFailed, () => this.leadService.find(customer.id, id));
    if (!lead) throw new NotFoundError(messages.notFound);
    res.set('Content-Type', 'text/vcard; charset=utf-8');
    res.set('Content-Disposition', attachmentHeader(`kisi-${lead.id}.vcf`, `kisi-${lead.id}.vcf`));
    res.send(Buffer.from(leadVCard(lead, this.config.timeZone, brandName(res)), 'utf8'));
  };

  /** `POST …/leads/{id}/delete`: another customer's, a missing or a malformed id is a 404. */
  remove: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const id = idParam(req.params.leadId);
    const deleted =
      id !== null && (await orFail(messages.deleteFailed, () => this.leadService.delete(customer.id, id)));
    if (!deleted) throw new NotFoundError(messages.notFound);
    res.redirect(303, `${ownerBase(req)}/leads?durum=silindi`);
  };

  /**
   * `POST …/leads/delete-all` with `confirm=1` from its confirmation; without it, the page with that confirmation open
   * (422).
   */
  removeAll: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    if (bodyOf(req).confirm !== '1') {
      const settings = await orFail(messages.listFailed, () => this.leadService.settingsFor(customer));
      await this.render(req, res, 422, settings, {}, true);
      return;
    }
    await orFail(messages.deleteFailed, () => this.leadService.deleteAll(customer.id));
    res.redirect(303, `${ownerBase(req)}/leads?durum=hepsi-silindi`);
  };
}
