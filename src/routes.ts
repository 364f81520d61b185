import express, { type Express, type RequestHandler } from 'express';
import type { AdminController } from './controllers/admin.controller.js';
import type { AuthController } from './controllers/auth.controller.js';
import { showLanding } from './controllers/landing.controller.js';
import { showWelcome } from './controllers/owner.controller.js';
import { showProfile } from './controllers/profile.controller.js';
import { csrfProtection, csrfToken } from './middleware/csrf.js';
import { flashLocals } from './middleware/flash.js';
import { redirectSignedIn } from './middleware/require-admin.js';
import { privatePage, secretLinkPage } from './middleware/security-headers.js';

export interface RouteDeps {
  health: RequestHandler;
  auth: AuthController;
  admin: AdminController;
  session: RequestHandler;
  requireAdmin: RequestHandler;
  loginThrottle: RequestHandler[];
  loadCustomerById: RequestHandler;
  loadPublicCustomer: RequestHandler;
  loadCustomerByToken: RequestHandler;
}

/** Small url-encoded forms only; anything bigger is a 413. */
const form = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 });

/** The route table: every route with its whole middleware chain, in the order they run. */
export function registerRoutes(app: Express, d: RouteDeps): void {
  app.get('/healthz', d.health);
  app.get('/', showLanding);

  // Administrator: a database session, CSRF tokens on every form, never cached or indexed.
  const adminPage = [privatePage, d.session, d.requireAdmin, flashLocals, csrfToken];
  const adminAction = [privatePage, d.session, form, d.requireAdmin, csrfProtection, csrfToken];

  app.get('/login', privatePage, d.session, redirectSignedIn, csrfToken, d.auth.show);
  app.post('/login', privatePage, d.session, form, csrfProtection, csrfToken, ...d.loginThrottle, d.auth.signIn);
  app.post('/logout', privatePage, d.session, form, csrfProtection, d.auth.signOut);

  app.get('/admin', ...adminPage, d.admin.dashboard);
  app.post('/admin/customers', ...adminAction, d.admin.create);
  app.get('/admin/customers/:id', ...adminPage, d.loadCustomerById, d.admin.show);
  app.post('/admin/customers/:id/status', ...adminAction, d.loadCustomerById, d.admin.setStatus);
  app.post('/admin/customers/:id/token', ...adminAction, d.loadCustomerById, d.admin.replaceToken);
  app.post('/admin/customers/:id/delete', ...adminAction, d.loadCustomerById, d.admin.remove);

  // Owner: the edit token in the URL is the only credential.
  app.get('/edit/:token', privatePage, secretLinkPage, d.loadCustomerByToken, showWelcome);

  // Visitor: the public profile.
  app.get('/:slug', d.loadPublicCustomer, showProfile);
}
