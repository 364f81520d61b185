import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import type { Db } from '../db.js';
import { OperationFailedError } from '../errors.js';
import type { Logger } from '../logger.js';
import { actingAdmin } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import { prepareCustomerExport } from '../ops/customer-export.js';
import type { FileStorage } from '../storage/file-storage.js';

export interface ExportControllerDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'timeZone'>;
  logger: Logger;
  clock?: () => Date;
  activity: ActivityLog;
}

/**
 * `GET /admin/customers/:id/export` (after loadCustomerById): every row and file of the
 * customer as one ZIP download, streamed. A failure before the first byte is an error page;
 * after it, the download is cut off (an incomplete ZIP does not open) and the log says why.
 */
export function customerExportHandler(deps: ExportControllerDeps): RequestHandler {
  const clock = deps.clock ?? (() => new Date());
  return async (req, res, next) => {
    const customer = loadedCustomer(req);
    let download;
    try {
      download = await prepareCustomerExport(
        { db: deps.db, storage: deps.storage, timeZone: deps.config.timeZone },
        customer,
        clock(),
      );
    } catch (err) {
      next(new OperationFailedError('Müşteri verileri dışa aktarılamadı. Lütfen tekrar deneyin.', err));
      return;
    }
    await deps.activity.customerExported(actingAdmin(res), customer);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await download.pipeTo(res);
    } catch (err) {
      if (!res.writableFinished) deps.logger.warn({ err, customerId: customer.id }, 'customer export cut off');
      res.destroy();
    }
  };
}
