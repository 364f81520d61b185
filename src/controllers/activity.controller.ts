import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { idParam } from '../http/id-param.js';
import { activityView } from '../presenters/activity-entries.js';
import type { ActivityCursor, ActivityFilter } from '../repositories/admin-activity.repository.js';
import type { ActivityLog } from '../services/activity-log.service.js';

export const messages = {
  title: 'Etkinlik',
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

/** `GET /admin/activity` (docs/product.md, Activity log): newest first, 50 a page, by administrator and by customer. */
export class ActivityController {
  constructor(
    private readonly activity: ActivityLog,
    private readonly config: Pick<Config, 'timeZone'>,
    private readonly now: () => number,
  ) {}

  list: RequestHandler = async (req, res) => {
    const adminId = idParam(req.query.yonetici);
    const customerId = idParam(req.query.musteri);
    const filter: ActivityFilter = { ...(adminId !== null ? { adminId } : {}), ...(customerId !== null ? { customerId } : {}) };
    const older = idParam(req.query.once);
    const newer = idParam(req.query.sonra);
    const cursor: ActivityCursor = older !== null ? { older } : newer !== null ? { newer } : null;
    const [page, administrators] = await Promise.all([this.activity.page(filter, cursor), this.activity.administrators()]);
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
}
