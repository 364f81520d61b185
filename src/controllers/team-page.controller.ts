import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { faultOf, NotFoundError } from '../errors.js';
import type { CachedPageResponder } from '../http/cached-page-response.js';
import { isCountableVisit } from '../http/visit-filter.js';
import { visitSourceOf } from '../http/visit-source.js';
import { originOf } from '../http/urls.js';
import { profileMessages } from '../middleware/load-customer.js';
import type { TeamCompany, TeamPageService } from '../services/team-page.service.js';
import type { ViewAllowance } from '../services/view-allowance.js';
import type { ViewRecorder } from '../services/view-recorder.js';

/**
 * A company's public team page, `/{company slug}` (docs/product.md, Companies): reached when no customer has (or
 * had) the address. Served from its cache as the profile is; a load counts as a view of the company, `?k=` naming
 * where it came from.
 */
export class TeamPageController {
  constructor(
    private readonly pages: TeamPageService,
    /** The team pages' own recorder and allowance: their views are the company's, not a customer's. */
    private readonly views: ViewRecorder,
    private readonly viewAllowance: ViewAllowance,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly now: () => number,
    private readonly responder: CachedPageResponder,
  ) {}

  /** Whether a team page is held for `slug`: while the database is away the address is taken for that page. */
  holds = (slug: string): boolean => this.pages.lastKnown(slug) !== null;

  show: RequestHandler = async (req, res, next) => {
    const slug = String(req.params.slug ?? '');
    const company = /^[a-z0-9-]{1,140}$/.test(slug) ? await this.company(slug) : null;
    if (!company) {
      next(new NotFoundError(profileMessages.notFound));
      return;
    }
    const cached = await this.pages.cached(
      company,
      originOf(req, this.config.baseUrl),
      this.responder.encodingOf(req),
      this.pages.choose(req.query.dil, req.headers['accept-language']),
    );
    this.responder.send(req, res, company.id, cached);
    if (!isCountableVisit(req)) return;
    const at = this.now();
    if (this.viewAllowance.counts(req.ip, company.id, at))
      this.views.record(company.id, at, visitSourceOf(req, this.config.baseUrl));
  };

  /** The company of `slug`; while the database is away, the one its held page was rendered for (docs/product.md). */
  private async company(slug: string): Promise<TeamCompany | null> {
    try {
      return await this.pages.find(slug);
    } catch (err) {
      const known = faultOf(err) === 'database' ? this.pages.lastKnown(slug) : null;
      if (known) return known;
      throw err;
    }
  }
}
