import type { RequestHandler } from 'express';
import { orFail } from '../errors.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { ownerBase } from '../http/owner-respond.js';
import { wantsJson } from '../http/respond.js';
import type { LeadService } from '../services/lead.service.js';
import type { MessageService } from '../services/message.service.js';
import type { OwnerLanguagesService } from '../services/owner-languages.service.js';
import type { StatsService } from '../services/stats.service.js';
import type { OwnerEditor } from './owner-editor.js';
import { presentStatsPage, statsRange } from '../presenters/stats-page.js';

export const messages = {
  statsFailed: 'İstatistikler yüklenirken hata oluştu',
} as const;

/** The owner's pages: the welcome page, the editor and the statistics (the messages: owner-messages.controller.ts). */
export class OwnerPagesController {
  constructor(
    private readonly editPage: OwnerEditor,
    private readonly messageService: Pick<MessageService, 'countUnseen'>,
    private readonly statistics: StatsService,
    private readonly leads: Pick<LeadService, 'countUnread' | 'perDay'>,
    private readonly languages: Pick<OwnerLanguagesService, 'missing'>,
  ) {}

  /** The welcome page; the messages tile says how many arrived since the owner last looked. */
  welcome: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    // Only a badge: when it cannot be counted the page shows none rather than failing.
    const unseenMessages = await this.messageService.countUnseen(customer.id).catch(() => 0);
    const unreadLeads = await this.leads.countUnread(customer.id).catch(() => 0);
    // "Diller": how many texts lack a translation, when the card has languages.
    const untranslated = await this.languages
      .missing(customer)
      .then((counts) => counts.reduce((sum, c) => sum + c.count, 0))
      .catch(() => 0);
    res.render('edit/welcome', {
      title: 'Sayfanızı yönetin',
      customer,
      base: ownerBase(req),
      unseenMessages,
      unreadLeads,
      untranslated,
    });
  };

  editor: RequestHandler = async (req, res) => {
    await this.editPage.render(req, res, 200, null);
  };

  /** `?days=7|30|90` (or `?gun=`): the page, or its JSON for the chart widget. */
  stats: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const days = statsRange(req.query);
    const detail = await orFail(messages.statsFailed, () => this.statistics.detail(customer.id, days));
    if (wantsJson(req)) {
      res.json(detail);
      return;
    }
    const base = ownerBase(req);
    // Contact exchange's day counter (docs/product.md, Contact exchange): a line under the totals; none when it cannot
    // be read.
    const leadDays = await this.leads
      .perDay(customer.id, detail.dailyStats[0]?.date ?? '', detail.dailyStats.at(-1)?.date ?? '')
      .catch(() => new Map<string, number>());
    const leadsInRange = [...leadDays.values()].reduce((sum, n) => sum + n, 0);
    res.render('edit/stats', {
      title: 'İstatistikler',
      customer,
      base,
      summary: detail,
      stats: presentStatsPage(detail, base),
      leadsInRange,
    });
  };

  /** `stats.csv?days=7|30|90`: a row a day with its views and every link's clicks, as a download. */
  statsCsv: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const csv = await orFail(messages.statsFailed, () => this.statistics.csv(customer, statsRange(req.query)));
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${csv.fileName}"`);
    res.send(Buffer.from(csv.body, 'utf8'));
  };
}
