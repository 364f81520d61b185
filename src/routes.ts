import express, { type Express, type RequestHandler } from 'express';
import type { AdminController } from './controllers/admin.controller.js';
import type { AuthController } from './controllers/auth.controller.js';
import type { ProfileFilesController } from './controllers/profile-files.controller.js';
import type { ProfileController } from './controllers/profile.controller.js';
import { showLanding } from './controllers/landing.controller.js';
import { showWelcome } from './controllers/owner.controller.js';
import { csrfProtection, csrfToken } from './middleware/csrf.js';
import { flashLocals } from './middleware/flash.js';
import { redirectSignedIn } from './middleware/require-admin.js';
import { sameOriginOnly } from './middleware/same-origin.js';
import { privatePage, secretLinkPage } from './middleware/security-headers.js';

export interface RouteDeps {
  health: RequestHandler;
  auth: AuthController;
  admin: AdminController;
  profileFiles: ProfileFilesController;
  profile: ProfileController;
  messageThrottle: RequestHandler;
  session: RequestHandler;
  requireAdmin: RequestHandler;
  loginThrottle: RequestHandler[];
  loadCustomerById: RequestHandler;
  loadPublicCustomer: RequestHandler;
  loadCustomerByToken: RequestHandler;
}

/** Small url-encoded forms only; anything bigger is a 413. */
const form = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 });
/** A visitor's message: room for far more than 500 characters, so an overlong one comes back with its text. */
const messageForm = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 10 });

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

  // Visitor: the public profile and what is made from it.
  app.get('/:slug', d.loadPublicCustomer, d.profile.show);
  app.post('/:slug/messages', sameOriginOnly, d.loadPublicCustomer, messageForm, d.messageThrottle, d.profile.sendMessage);
  app.get('/:slug/vcard.vcf', d.loadPublicCustomer, d.profileFiles.vcard);
  app.get('/:slug/qr.svg', d.loadPublicCustomer, d.profileFiles.qrSvg);
  app.get('/:slug/qr.png', d.loadPublicCustomer, d.profileFiles.qrPng);
  app.get('/:slug/links/:linkId/qr.svg', d.loadPublicCustomer, d.profileFiles.linkQrSvg);
}
