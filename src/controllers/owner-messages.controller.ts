import type { Request, RequestHandler } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail } from '../errors.js';
import { formatDateTime } from '../lib/dates.js';
import { relativeTime } from '../lib/relative-time.js';
import { idParam } from '../http/id-param.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { dialogs, messageNoticeFrom, messageNotices } from '../http/owner-dialogs.js';
import { bodyOf, ownerBase } from '../http/owner-respond.js';
import { wantsJson } from '../http/respond.js';
import type { MessageService } from '../services/message.service.js';

export const messages = {
  messagesFailed: 'Mesajlar yüklenirken hata oluştu',
  deleteFailed: 'Mesaj silinemedi',
  notFound: 'Mesaj bulunamadı.',
} as const;

export const MESSAGES_PER_PAGE = 50;

function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

/** `/edit/{token}/messages`, on the page the owner was reading (`?sayfa=N` beyond the first). */
function listUrl(req: Request, page: number, notice?: keyof typeof messageNotices): string {
  const query = [page > 1 ? `sayfa=${page}` : '', notice ? `durum=${notice}` : ''].filter(Boolean).join('&');
  return `${ownerBase(req)}/messages${query ? `?${query}` : ''}`;
}

/** The owner's messages (docs/product.md, "Messages"): the list, and deleting one after a confirmation. */
export class OwnerMessagesController {
  constructor(
    private readonly messageService: MessageService,
    private readonly config: Pick<Config, 'timeZone'>,
    private readonly now: () => number,
  ) {}

  list: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const page = pageNumber(req.query.sayfa);
    // Taken before the read: a message that lands meanwhile is shown and still counts as new once.
    const openedAt = this.now();
    const { total, messages: list } = await orFail(messages.messagesFailed, () =>
      this.messageService.page(customer.id, MESSAGES_PER_PAGE, (page - 1) * MESSAGES_PER_PAGE),
    );
    if (wantsJson(req)) {
      // A script reading the list is not the owner looking at it: the "new" badge stays.
      res.json({
        total,
        page,
        messages: list.map((m) => ({ id: m.id, message: m.message, created_at: new Date(m.createdAt).toISOString() })),
      });
      return;
    }
    await orFail(messages.messagesFailed, () => this.messageService.markSeen(customer.id, openedAt));
    const now = this.now();
    res.render('edit/messages', {
      title: 'Mesajlar',
      customer,
      base: ownerBase(req),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE)),
      notice: messageNoticeFrom(req.query.durum),
      deleteDialog: dialogs.deleteMessage,
      messages: list.map((m) => ({
        ...m,
        relative: relativeTime(m.createdAt, now, this.config.timeZone),
        exact: formatDateTime(m.createdAt, this.config.timeZone),
        iso: new Date(m.createdAt).toISOString(),
      })),
    });
  };

  /** `POST …/messages/{id}/delete`: another customer's, a missing or a malformed id is a 404. */
  remove: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const id = idParam(req.params.messageId);
    const deleted =
      id !== null && (await orFail(messages.deleteFailed, () => this.messageService.delete(customer.id, id)));
    if (!deleted) throw new NotFoundError(messages.notFound);
    if (wantsJson(req)) {
      res.json({ ok: true, message: messageNotices['mesaj-silindi'], id });
      return;
    }
    res.redirect(303, listUrl(req, pageNumber(bodyOf(req).sayfa), 'mesaj-silindi'));
  };
}
