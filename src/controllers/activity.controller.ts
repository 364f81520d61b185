import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { NotFoundError } from '../errors.js';
import { actingScope } from '../http/acting-admin.js';
import { idParam } from '../http/id-param.js';
import { activityView } from '../presenters/activity-entries.js';
import type { ActivityCursor, ActivityFilter } from '../services/activity-log.service.js';
import { ENTRY_CUSTOMERS_PER_PAGE, type ActivityLog } from '../services/activity-log.service.js';

export const messages = {
  title: 'Etkinlik',
  entryTitle: 'Etkinlik kaydı',
} as const;

/** The page's address with the filters kept and one cursor (`once` older than, `sonra` newer than an id). */
function pageHref(filter: ActivityFilter, cursor: Record<string, number>): string {
  const query = new URLSearchParams();
  if (filter.adminId !== undefined) query.set('yonetici', String(filter.adminId));
  if (filter.customerId !== undefined) query.set('musteri', String(filter.customerId));
  for (const [k, v] of Object.entries(cursor)) query.set(k, String(v));
  const text = query.toString();
  return text ? `/admin/activity?${text}` : '/admin/activity';
}

/**
 * `GET /admin/activity` (docs/product.md, Activity log): newest first, 50 a page, by administrator and by customer; an
 * editor limited to their assigned customers sees their own entries only.
 */
export class ActivityController {
  constructor(
    private readonly activity: ActivityLog,
    private readonly config: Pick<Config, 'timeZone'>,
    private readonly now: () => number,
  ) {}

  list: RequestHandler = async (req, res) => {
    // An editor who reaches only their assigned customers sees only what they did: other entries name other customers.
    const scope = actingScope(res);
    const adminId = scope ? scope.assigneeId : idParam(req.query.yonetici);
    const customerId = idParam(req.query.musteri);
    const filter: ActivityFilter = {
      ...(adminId !== null ? { adminId } : {}),
      ...(customerId !== null ? { customerId } : {}),
    };
    const older = idParam(req.query.once);
    const newer = idParam(req.query.sonra);
    const cursor: ActivityCursor = older !== null ? { older } : newer !== null ? { newer } : null;
    const [page, everyone] = await Promise.all([this.activity.page(filter, cursor), this.activity.administrators()]);
    const administrators = scope ? everyone.filter((a) => a.id === scope.assigneeId) : everyone;
    const items = activityView(page.entries, this.now(), this.config.timeZone);
    const first = page.entries[0];
    const last = page.entries[page.entries.length - 1];
    res.render('admin/activity', {
      title: messages.title,
      items,
      administrators,
      adminId,
      customerId,
      // The customer filtered by, as the newest entry names it.
      customerName: customerId !== null ? (items.find((i) => i.customer)?.customer?.name ?? null) : null,
      olderHref: page.hasOlder && last ? pageHref(filter, { once: last.id }) : null,
      newerHref: page.hasNewer && first ? pageHref(filter, { sonra: first.id }) : null,
      newestHref: cursor ? pageHref(filter, {}) : null,
      allHref: pageHref({}, {}),
      timeZone: this.config.timeZone,
    });
  };

  /** `GET /admin/activity/{id}`: a bulk action's entry and its customers, 100 a page by id (`?sonra={customer id}`). */
  entry: RequestHandler = async (req, res, next) => {
    const id = idParam(req.params.activityId);
    const entry = id === null ? null : await this.activity.entry(id);
    const scope = actingScope(res);
    if (!entry || id === null || (scope && entry.adminId !== scope.assigneeId)) {
      next(new NotFoundError());
      return;
    }
    const after = idParam(req.query.sonra) ?? 0;
    const found = await this.activity.customersOf(id, after);
    const customers = found.slice(0, ENTRY_CUSTOMERS_PER_PAGE);
    const last = customers[customers.length - 1];
    const [item] = activityView([entry], this.now(), this.config.timeZone);
    res.render('admin/activity-entry', {
      title: messages.entryTitle,
      item,
      customers: customers.map((c) => ({
        name: c.name,
        slug: c.slug,
        href: c.live ? `/admin/customers/${c.id}` : null,
      })),
      moreHref: found.length > ENTRY_CUSTOMERS_PER_PAGE && last ? `/admin/activity/${id}?sonra=${last.id}` : null,
      firstHref: after > 0 ? `/admin/activity/${id}` : null,
    });
  };
}
