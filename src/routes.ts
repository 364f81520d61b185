import type { Express } from 'express';
import type { RouteDeps } from './routes/route-deps.js';
import { registerAdminRoutes } from './routes/admin-routes.js';
import { registerOwnerRoutes } from './routes/owner-routes.js';
import { RouteTable } from './routes/route-table.js';
import { registerSignInRoutes } from './routes/sign-in-routes.js';
import { registerSiteRoutes, registerVisitorRoutes } from './routes/visitor-routes.js';

export type { RouteDeps } from './routes/route-deps.js';

/**
 * The route table, one file per area under routes/. Each route declares its guard once (who may call it, CSRF, the
 * body it reads, its throttles) and routes/route-table.ts composes the chain from it (docs/architecture.md, Route
 * guards). Fixed paths come first: `/:slug` takes whatever is left.
 */
export function registerRoutes(app: Express, d: RouteDeps): void {
  const table = new RouteTable(app, {
    session: d.session,
    administrator: d.requireAdmin,
    ownerToken: d.loadCustomerByToken,
    invitationToken: d.invitation.load,
    brandLocals: d.brandLocals,
    signInCsrf: d.signInCsrf,
  });
  registerSiteRoutes(table, d);
  registerSignInRoutes(table, d);
  registerAdminRoutes(table, d);
  registerOwnerRoutes(table, d);
  registerVisitorRoutes(table, d);
}
