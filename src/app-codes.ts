import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './logger.js';
import { AdminCodesController } from './controllers/admin-codes.controller.js';
import { CardCodeController } from './controllers/card-code.controller.js';
import { codeGuessThrottle } from './middleware/code-guess-throttle.js';
import { CardCodeRepository } from './repositories/card-code.repository.js';
import { CardCodeViewRepository } from './repositories/card-code-view.repository.js';
import type { CustomerRepository } from './repositories/customer.repository.js';
import type { ActivityLog } from './services/activity-log.service.js';
import { CardCodeService } from './services/card-code.service.js';
import { ViewAllowance } from './services/view-allowance.js';
import { ViewRecorder } from './services/view-recorder.js';

export interface CardCodeDeps {
  config: Config;
  db: Db;
  logger: Logger;
  now: () => number;
  activity: ActivityLog;
  customerRepository: Pick<CustomerRepository, 'findById'>;
}

export interface CardCodes {
  adminCodes: AdminCodesController;
  cardCode: CardCodeController;
  codeGuessThrottle: ReturnType<typeof codeGuessThrottle>;
  service: CardCodeService;
  /** The views through each code, batched as the profiles' are; server.ts stops it, tests flush it. */
  views: ViewRecorder;
  /** Closes the SQLite read connection of the code lookup. */
  close(): void;
}

/**
 * Card codes (docs/product.md, Card codes): the agency's batches and assignments, `/k/{code}` with its guess
 * throttle, and the views counted per code in card_code_view_days.
 */
export function createCardCodes(d: CardCodeDeps): CardCodes {
  const repository = new CardCodeRepository(d.db);
  const service = new CardCodeService(repository, d.customerRepository, d.activity, d.now);
  const views = new ViewRecorder(new CardCodeViewRepository(d.db, d.config.timeZone), d.logger);
  return {
    adminCodes: new AdminCodesController(service, d.config),
    cardCode: new CardCodeController(service, views, new ViewAllowance(), d.now),
    codeGuessThrottle: codeGuessThrottle(d.logger),
    service,
    views,
    close: () => repository.close(),
  };
}
