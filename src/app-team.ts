import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './logger.js';
import { TeamPageController } from './controllers/team-page.controller.js';
import type { AccessTally } from './http/access-tally.js';
import type { CachedPageResponder } from './http/cached-page-response.js';
import type { FastPath } from './http/public-request.js';
import { teamPageFastPath } from './http/team-page-fast-path.js';
import { TeamPageRepository, TeamViewRepository } from './repositories/team-page.repository.js';
import type { BrandLook } from './services/brand.service.js';
import type { RenderView } from './services/public-page.service.js';
import { TeamPageService } from './services/team-page.service.js';
import { ViewAllowance } from './services/view-allowance.js';
import { ViewRecorder } from './services/view-recorder.js';

export interface TeamPageDeps {
  config: Config;
  db: Db;
  logger: Logger;
  now: () => number;
  renderView: RenderView;
  brand: { fresh(): Promise<BrandLook> };
  responder: CachedPageResponder;
  accessLog: AccessTally | null;
}

export interface TeamPages {
  controller: TeamPageController;
  fastPath: FastPath;
  /** The team pages' views, batched as the profiles' are; server.ts stops it, tests flush it. */
  views: ViewRecorder;
  /** Closes the SQLite read connection of the page's state lookup. */
  close(): void;
}

/**
 * The companies' public team pages (docs/product.md, Companies): their cache, route and fast path, and their views,
 * counted per company in company_view_days as a profile's are in its own tables.
 */
export function createTeamPages(d: TeamPageDeps): TeamPages {
  const repository = new TeamPageRepository(d.db);
  const service = new TeamPageService(
    repository,
    d.renderView,
    d.brand,
    d.now,
    d.config.objectStorage?.publicUrl ?? null,
  );
  const views = new ViewRecorder(new TeamViewRepository(d.db, d.config.timeZone), d.logger);
  const viewAllowance = new ViewAllowance();
  return {
    controller: new TeamPageController(service, views, viewAllowance, d.config, d.now, d.responder),
    fastPath: teamPageFastPath({
      pages: service,
      customers: repository,
      responder: d.responder,
      views,
      viewAllowance,
      baseUrl: d.config.baseUrl,
      now: d.now,
      accessLog: d.accessLog,
    }),
    views,
    close: () => repository.closeReadConnection(),
  };
}
