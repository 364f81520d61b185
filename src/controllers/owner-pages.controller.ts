import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { orFail } from '../errors.js';
import { formatDate, formatDateTime } from '../lib/dates.js';
import { relativeTime } from '../lib/relative-time.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { ownerBase } from '../http/owner-respond.js';
import { wantsJson } from '../http/respond.js';
import type { MessageRepository } from '../repositories/message.repository.js';
import type { StatsService } from '../services/stats.service.js';
import type { OwnerEditor } from './owner-editor.js';
import { CHART_RANGES, type ChartRange } from '../shared/widget-props.js';

export const messages = {
  messagesFailed: 'Mesajlar yüklenirken hata oluştu',
  statsFailed: 'İstatistikler yüklenirken hata oluştu',
} as const;

export const MESSAGES_PER_PAGE = 50;

function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

/** The owner's pages: the welcome page, the editor, the messages and the statistics. */
export class OwnerPagesController {
  constructor(
    private readonly editPage: OwnerEditor,
    private readonly messageRepository: MessageRepository,
    private readonly statistics: StatsService,
    private readonly config: Pick<Config, 'timeZone'>,
    private readonly now: () => number,
  ) {}

  welcome: RequestHandler = (req, res) => {
    res.render('edit/welcome', { title: 'Sayfanızı yönetin', customer: loadedCustomer(req), base: ownerBase(req) });
  };

  editor: RequestHandler = async (req, res) => {
    await this.editPage.render(req, res, 200, null);
  };

  messages: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const page = pageNumber(req.query.sayfa);
    const [total, list] = await orFail(messages.messagesFailed, () =>
      Promise.all([
        this.messageRepository.count(customer.id),
        this.messageRepository.page(customer.id, MESSAGES_PER_PAGE, (page - 1) * MESSAGES_PER_PAGE),
      ]),
    );
    if (wantsJson(req)) {
      res.json({
        total,
        page,
        messages: list.map((m) => ({ id: m.id, message: m.message, created_at: new Date(m.createdAt).toISOString() })),
      });
      return;
    }
    const now = this.now();
    res.render('edit/messages', {
      title: 'Mesajlar',
      customer,
      base: ownerBase(req),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE)),
      messages: list.map((m) => ({
        ...m,
        relative: relativeTime(m.createdAt, now, this.config.timeZone),
        exact: formatDateTime(m.createdAt, this.config.timeZone),
        iso: new Date(m.createdAt).toISOString(),
      })),
    });
  };

  stats: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const requested = Number(req.query.gun);
    const days: ChartRange = CHART_RANGES.find((range) => range === requested) ?? 7;
    const summary = await orFail(messages.statsFailed, () => this.statistics.summary(customer.id));
    if (wantsJson(req)) {
      const dailyStats = days === 7 ? summary.dailyStats : await orFail(messages.statsFailed, () => this.statistics.series(customer.id, days));
      res.json({ ...summary, dailyStats });
      return;
    }
    const max = Math.max(0, ...summary.dailyStats.map((d) => d.views));
    res.render('edit/stats', {
      title: 'İstatistikler',
      customer,
      base: ownerBase(req),
      summary,
      bars: summary.dailyStats.map((d) => ({
        ...d,
        label: formatDate(Date.parse(`${d.date}T12:00:00Z`), 'UTC'),
        // Bar width relative to the busiest day, at least 10 percent (docs/product.md, Statistics),
        // in steps of 5 so that a class can carry it (the CSP allows no style attributes).
        width: max === 0 ? 10 : Math.max(10, Math.round((d.views / max) * 20) * 5),
      })),
    });
  };
}
