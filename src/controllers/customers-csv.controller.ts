import type { RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { actingAdmin } from '../http/acting-admin.js';
import { idListParam } from '../http/id-list.js';
import { originOf } from '../http/urls.js';
import {
  customersCsv,
  customersCsvFileName,
  customersCsvHead,
  customersCsvLines,
} from '../presenters/customers-csv.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { CustomerImportService } from '../services/customer-import.service.js';

/** Resolves when the response can take more, or is gone. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * GET /admin/customers.csv (docs/product.md, "Bulk import and customer CSV"): the listed
 * customers (`?ids=1,2,3`), or every customer written out a batch at a time as it is read.
 */
export function customersCsvHandler(
  imports: CustomerImportService,
  config: Pick<Config, 'baseUrl' | 'timeZone'>,
  now: () => number,
  activity: ActivityLog,
): RequestHandler {
  return async (req, res) => {
    const ids = idListParam(req.query.ids);
    const origin = originOf(req, config.baseUrl);
    await activity.customersCsvExported(actingAdmin(res), ids ? ids.length : null);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${customersCsvFileName(now(), config.timeZone)}"`);
    if (ids) {
      res.send(customersCsv(await imports.listByIds(ids), origin, config.timeZone));
      return;
    }
    res.write(customersCsvHead());
    for await (const batch of imports.allInBatches()) {
      if (res.destroyed) return;
      if (!res.write(customersCsvLines(batch, origin, config.timeZone))) await drained(res);
    }
    res.end();
  };
}
