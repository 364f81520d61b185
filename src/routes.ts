import express, { type Express, type RequestHandler } from 'express';
import type { AccountController } from './controllers/account.controller.js';
import type { ActivityController } from './controllers/activity.controller.js';
import type { AdminController } from './controllers/admin.controller.js';
import type { AdminIdentityController } from './controllers/admin-identity.controller.js';
import type { AdminSecurityController } from './controllers/admin-security.controller.js';
import type { AdminRecoveryCodesController } from './controllers/admin-recovery-codes.controller.js';
import type { AdminSlugController } from './controllers/admin-slug.controller.js';
import type { AuthController } from './controllers/auth.controller.js';
import type { CustomerBulkController } from './controllers/customer-bulk.controller.js';
import type { CustomerImportController } from './controllers/customer-import.controller.js';
import type { LinkClicksController } from './controllers/link-clicks.controller.js';
import type { ProfileFilesController } from './controllers/profile-files.controller.js';
import type { SharingImageController } from './controllers/sharing-image.controller.js';
import type { OwnerCoverController } from './controllers/owner-cover.controller.js';
import type { OwnerEditsController } from './controllers/owner-edits.controller.js';
import type { OwnerMessagesController } from './controllers/owner-messages.controller.js';
import type { OwnerNotificationsController } from './controllers/owner-notifications.controller.js';
import type { NotificationLinksController } from './controllers/notification-links.controller.js';
import type { OwnerLeadsController } from './controllers/owner-leads.controller.js';
import type { LeadFormController } from './controllers/lead-form.controller.js';
import type { OwnerPagesController } from './controllers/owner-pages.controller.js';
import type { OwnerUploadsController } from './controllers/owner-uploads.controller.js';
import type { OwnerHoursController } from './controllers/owner-hours.controller.js';
import type { PasswordResetController } from './controllers/password-reset.controller.js';
import type { PrintKitController } from './controllers/print-kit.controller.js';
import type { PriceListController } from './controllers/price-list.controller.js';
import type { PriceListImportController } from './controllers/price-list-import.controller.js';
import type { PriceListEditController } from './controllers/price-list-edit.controller.js';
import type { ProfileController } from './controllers/profile.controller.js';
import type { SettingsController } from './controllers/settings.controller.js';
import type { MailSettingsController } from './controllers/mail-settings.controller.js';
import { showLanding } from './controllers/landing.controller.js';
import { ownerAccent } from './middleware/brand-locals.js';
import { csrfProtection, csrfToken } from './middleware/csrf.js';
import { csvUpload, importConfirmForm } from './middleware/csv-upload.js';
import { flashLocals } from './middleware/flash.js';
import { logoUpload } from './middleware/logo-upload.js';
import { refuseCrossSite, visibleLinkOnly } from './middleware/link-clicks.js';
import { redirectSignedIn } from './middleware/require-admin.js';
import { sameOriginOnly } from './middleware/same-origin.js';
import type { SignInCsrf } from './middleware/sign-in-csrf.js';
import { backgroundUpload, catalogUpload, photoUpload } from './middleware/upload.js';
import { priceItemUpload } from './middleware/price-item-upload.js';
import { embeddableAnywhere, privatePage, secretLinkPage, uploadHeaders } from './middleware/security-headers.js';
import { passiveAsMissing } from './middleware/passive-as-missing.js';

export interface RouteDeps {
  health: RequestHandler;
  auth: AuthController;
  admin: AdminController;
  account: AccountController;
  activity: ActivityController;
  adminSecurity: AdminSecurityController;
  recoveryCodes: AdminRecoveryCodesController;
  adminIdentity: AdminIdentityController;
  adminSlug: AdminSlugController;
  exportCustomer: RequestHandler;
  customerImport: CustomerImportController;
  customersCsv: RequestHandler;
  customerBulk: CustomerBulkController;
  printKit: PrintKitController;
  settings: SettingsController;
  /** The settings page's "E-posta" section and its test e-mail (docs/product.md, E-mail). */
  mailSettings: MailSettingsController;
  /** The agency brand for the landing, sign-in and admin views (`res.locals.brand`), from memory. */
  brandLocals: RequestHandler;
  profileFiles: ProfileFilesController;
  sharingImage: SharingImageController;
  /** The price list page and its PDF (docs/product.md, Price list). */
  priceList: PriceListController;
  /** The price list's CSV import (preview, confirm) and export, by the owner and by an administrator. */
  priceListImport: PriceListImportController;
  profile: ProfileController;
  ownerPages: OwnerPagesController;
  ownerMessages: OwnerMessagesController;
  /** "Bildirimler": the owner's address for e-mail and its choices (404 without e-mail set up). */
  ownerNotifications: OwnerNotificationsController;
  /** The confirmation and unsubscribe links of the owner's e-mails. */
  notificationLinks: NotificationLinksController;
  /** Opens of those links per client address, then 429. */
  notificationLinkThrottle: RequestHandler;
  ownerCover: OwnerCoverController;
  ownerEdits: OwnerEditsController;
  ownerUploads: OwnerUploadsController;
  /** The owner's price list editor (docs/product.md, Price list). */
  priceListEditor: PriceListEditController;
  /** The opening hours' form (docs/product.md, Opening hours). */
  ownerHours: OwnerHoursController;
  messageThrottle: RequestHandler;
  /**
   * Contact exchange (docs/product.md, Contact exchange): the visitor's form, the owner's "Kişiler", 10 accepted forms
   * per address and profile per 10 minutes.
   */
  leadForm: LeadFormController;
  ownerLeads: OwnerLeadsController;
  leadThrottle: RequestHandler;
  linkClicks: LinkClicksController;
  /** 60 clicks per client address and profile per 10 minutes, then 429. */
  clickThrottle: RequestHandler;
  session: RequestHandler;
  requireAdmin: RequestHandler;
  /** Failed sign-ins per client address, wrong passwords per e-mail, wrong codes per administrator. */
  loginThrottle: RequestHandler[];
  /** The current password of a signed-in administrator, on the sign-in's counter. */
  passwordThrottle: RequestHandler;
  /** Turning the second factor off: its password and its code, each on the sign-in's counter. */
  secondFactorOffThrottle: RequestHandler[];
  /** A new set of recovery codes: its password and its code, each on the sign-in's counter. */
  recoveryRenewalThrottle: RequestHandler[];
  /** The sign-in form's CSRF check, without a stored session. */
  signInCsrf: SignInCsrf;
  /** "Şifremi unuttum": the link by e-mail and the new password (404 without e-mail set up). */
  passwordReset: PasswordResetController;
  /** Reset links asked for, per client address and per address asked for; refused reset forms per client address. */
  resetLinkThrottle: RequestHandler[];
  resetFormThrottle: RequestHandler;
  loadCustomerById: RequestHandler;
  loadPublicCustomer: RequestHandler;
  loadCustomerByToken: RequestHandler;
  /** `:linkId` of the customer loaded before it; 404 'Bağlantı bulunamadı.' otherwise. */
  loadOwnerLink: RequestHandler;
  /** `:linkId` of the public profile loaded before it; the plain 404 otherwise. */
  loadPublicLink: RequestHandler;
}

/**
 * Express 5 leaves `req.body` undefined when a POST has no body at all (or another type);
 * an empty form it is, so every handler meets a missing field, not a missing body.
 */
const bodyOrEmpty: RequestHandler = (req, _res, next) => {
  req.body ??= {};
  next();
};
/** Small url-encoded forms only; anything bigger is a 413. */
const form = [express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 }), bodyOrEmpty];
/**
 * The list's bulk form: a page's 50 checkboxes and more (validation/bulk-action.validation.ts caps the ids at 1,000).
 */
const bulkForm = [express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 1100 }), bodyOrEmpty];
/** A visitor's message: room for far more than 500 characters, so an overlong one comes back with its text. */
const messageForm = [express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 10 }), bodyOrEmpty];

/** The route table: every route with its whole middleware chain, in the order they run. */
export function registerRoutes(app: Express, d: RouteDeps): void {
  app.get('/healthz', d.health);
  app.get('/', d.brandLocals, showLanding);

  // Administrator: a database session, CSRF tokens on every form, never cached or indexed.
  const adminPage = [privatePage, d.session, d.requireAdmin, d.brandLocals, flashLocals, csrfToken];
  const adminAction = [
    privatePage,
    sameOriginOnly,
    d.session,
    form,
    d.requireAdmin,
    d.brandLocals,
    csrfProtection,
    csrfToken,
  ];

  // Signed out: no session is stored before a sign-in, so the form's CSRF token lives in a signed cookie.
  app.get('/login', privatePage, d.session, redirectSignedIn, d.brandLocals, d.signInCsrf.token, d.auth.show);
  app.post(
    '/login',
    privatePage,
    sameOriginOnly,
    d.session,
    d.brandLocals,
    form,
    d.signInCsrf.protection,
    d.signInCsrf.token,
    ...d.loginThrottle,
    d.auth.signIn,
  );
  app.post('/logout', privatePage, sameOriginOnly, d.session, form, csrfProtection, d.auth.signOut);
  // "Şifremi unuttum": signed-out pages on the sign-in form's CSRF cookie (path /login); the reset link's token is a
  // credential.
  const reset = d.passwordReset;
  app.get('/login/forgot', privatePage, reset.offered, d.brandLocals, d.signInCsrf.token, reset.showForgot);
  app.post(
    '/login/forgot',
    privatePage,
    sameOriginOnly,
    reset.offered,
    d.brandLocals,
    form,
    d.signInCsrf.protection,
    d.signInCsrf.token,
    ...d.resetLinkThrottle,
    reset.sendLink,
  );
  app.get(
    '/login/reset/:token',
    privatePage,
    secretLinkPage,
    reset.offered,
    d.brandLocals,
    d.signInCsrf.token,
    reset.showReset,
  );
  app.post(
    '/login/reset/:token',
    privatePage,
    secretLinkPage,
    sameOriginOnly,
    reset.offered,
    d.brandLocals,
    form,
    d.signInCsrf.protection,
    d.signInCsrf.token,
    d.resetFormThrottle,
    reset.reset,
  );

  app.get('/admin', ...adminPage, d.admin.dashboard);
  app.get('/admin/password', ...adminPage, d.account.show);
  // What administrators did, newest first; `?yonetici=` and `?musteri=` filter, `?once=`/`?sonra=` page.
  app.get('/admin/activity', ...adminPage, d.activity.list);
  // An import's or a bulk action's one entry, with the customers it named.
  app.get('/admin/activity/:activityId', ...adminPage, d.activity.entry);
  // The agency brand: a multipart form (the logo), read only for a signed-in administrator, parsed before CSRF;
  // `action=clear` clears it.
  app.get('/admin/settings', ...adminPage, d.mailSettings.section, d.settings.show);
  app.post(
    '/admin/settings',
    privatePage,
    sameOriginOnly,
    d.session,
    d.requireAdmin,
    d.brandLocals,
    csrfToken,
    logoUpload,
    bodyOrEmpty,
    csrfProtection,
    d.mailSettings.section,
    d.settings.save,
    d.settings.tooLarge,
  );
  // A test e-mail to the signed-in administrator (a 404 without SMTP_URL and MAIL_FROM).
  app.post('/admin/settings/test-email', ...adminAction, d.mailSettings.sendTest);
  app.post('/admin/password', ...adminAction, d.passwordThrottle, d.account.change);
  app.get('/admin/security', ...adminPage, d.adminSecurity.show);
  app.post('/admin/security', ...adminAction, d.adminSecurity.enable);
  app.post('/admin/security/disable', ...adminAction, ...d.secondFactorOffThrottle, d.adminSecurity.disable);
  // Recovery codes: a new set (password and app code, on the same throttles), and the shown set as a .txt posted back
  // sealed, never in a URL.
  app.post('/admin/security/recovery-codes', ...adminAction, ...d.recoveryRenewalThrottle, d.recoveryCodes.renew);
  app.post('/admin/security/recovery-codes/download', ...adminAction, d.recoveryCodes.download);
  app.post('/admin/customers', ...adminAction, d.admin.create);
  // The list's selection: print, CSV, activate, deactivate or delete (asked first) the ticked customers or all
  // matching.
  app.post(
    '/admin/customers/bulk',
    privatePage,
    sameOriginOnly,
    d.session,
    bulkForm,
    d.requireAdmin,
    d.brandLocals,
    csrfProtection,
    csrfToken,
    d.customerBulk.run,
  );
  // After a refused create without JavaScript the address bar shows this path; reloading it lands on the list.
  app.get('/admin/customers', (_req, res) => res.redirect(303, '/admin'));
  app.get('/admin/customers.csv', ...adminPage, d.customersCsv);
  // Bulk import: a body (up to 1 MB of CSV, multipart so parsed before CSRF) is read only for a signed-in
  // administrator.
  app.get('/admin/import', ...adminPage, d.customerImport.show);
  app.post(
    '/admin/import',
    privatePage,
    sameOriginOnly,
    d.session,
    d.requireAdmin,
    d.brandLocals,
    csvUpload,
    csrfProtection,
    csrfToken,
    d.customerImport.preview,
    d.customerImport.refused,
  );
  app.post(
    '/admin/import/confirm',
    privatePage,
    sameOriginOnly,
    d.session,
    d.requireAdmin,
    d.brandLocals,
    ...importConfirmForm,
    csrfProtection,
    csrfToken,
    d.customerImport.confirm,
  );
  // The confirmation's result, by the import's one-time id: a reload shows it again and imports nothing.
  app.get('/admin/import/:importId', ...adminPage, d.customerImport.result);
  // The refused rows of a preview, in the uploaded file's encoding and separator, to fix and upload again.
  app.get('/admin/import/:importId/errors.csv', ...adminPage, d.customerImport.errorsCsv);
  app.get('/admin/customers/:id', ...adminPage, d.loadCustomerById, d.admin.show);
  app.get('/admin/customers/:id/export', ...adminPage, d.loadCustomerById, d.exportCustomer);
  // Print kits as PDF downloads: `?format=card|a6` of one customer, A4 sheets of cards for `?ids=`; inactive ones too.
  app.get('/admin/customers/:id/print.pdf', ...adminPage, d.loadCustomerById, d.printKit.customerKit);
  app.get('/admin/print.pdf', ...adminPage, d.printKit.sheet);
  app.post('/admin/customers/:id/status', ...adminAction, d.loadCustomerById, d.admin.setStatus);
  // The name corrected and the business on the card; the address (slug) never moves with the name.
  app.post('/admin/customers/:id/profile', ...adminAction, d.loadCustomerById, d.adminIdentity.save);
  // A new public address; the old one answers 301 to it for good and is never given to another customer.
  app.post('/admin/customers/:id/slug', ...adminAction, d.loadCustomerById, d.adminSlug.change);
  // "Yeni Bağlantı Oluştur" asks first: this page (or a dialog) with the form that sends `confirm=1`.
  app.get('/admin/customers/:id/token', ...adminPage, d.loadCustomerById, d.admin.confirmToken);
  app.post('/admin/customers/:id/token', ...adminAction, d.loadCustomerById, d.admin.replaceToken);
  app.post('/admin/customers/:id/delete', ...adminAction, d.loadCustomerById, d.admin.remove);
  // A customer's price list from a CSV: the upload (multipart, before CSRF) previews, the confirmation carries the file
  // back.
  const pi = d.priceListImport;
  app.get('/admin/customers/:id/price-list/import', ...adminPage, d.loadCustomerById, pi.page('admin'));
  app.post(
    '/admin/customers/:id/price-list/import',
    privatePage,
    sameOriginOnly,
    d.session,
    d.requireAdmin,
    d.brandLocals,
    d.loadCustomerById,
    csvUpload,
    csrfProtection,
    csrfToken,
    pi.preview('admin'),
    pi.refused('admin'),
  );
  app.post(
    '/admin/customers/:id/price-list/import/confirm',
    privatePage,
    sameOriginOnly,
    d.session,
    d.requireAdmin,
    d.brandLocals,
    d.loadCustomerById,
    ...importConfirmForm,
    csrfProtection,
    csrfToken,
    pi.confirm('admin'),
  );
  app.post(
    '/admin/customers/:id/price-list/import/errors.csv',
    privatePage,
    sameOriginOnly,
    d.session,
    d.requireAdmin,
    d.brandLocals,
    d.loadCustomerById,
    ...importConfirmForm,
    csrfProtection,
    csrfToken,
    pi.refusedRows('admin'),
  );
  app.get('/admin/customers/:id/price-list.csv', ...adminPage, d.loadCustomerById, pi.exportCsv);

  // Owner: the edit token in the URL is the only credential; every write is scoped to its customer.
  // The agency's brand (brandLocals) names the owner's pages and what they download, not Vizit; its accent
  // (ownerAccent) colours them as it does the public page they preview.
  const ownerPage = [privatePage, secretLinkPage, d.loadCustomerByToken, d.brandLocals, ownerAccent];
  const ownerAction = [
    privatePage,
    secretLinkPage,
    sameOriginOnly,
    d.loadCustomerByToken,
    d.brandLocals,
    ownerAccent,
    form,
  ];
  // `loaders` run before the parser, so that a refused file can name its dialog (and a wrong id is a 404 unread).
  const ownerUpload = (upload: RequestHandler, ...loaders: RequestHandler[]) => [
    privatePage,
    secretLinkPage,
    sameOriginOnly,
    d.loadCustomerByToken,
    d.brandLocals,
    ownerAccent,
    ...loaders,
    upload,
    bodyOrEmpty,
  ];
  // `link` loads `:linkId` among this customer's links: another's, a missing or a malformed id is a 404.
  const link = d.loadOwnerLink;
  const p = d.ownerPages;
  const e = d.ownerEdits;
  const u = d.ownerUploads;

  app.get('/edit/:token', ...ownerPage, p.welcome);
  app.get('/edit/:token/profile', ...ownerPage, p.editor);
  app.get('/edit/:token/messages', ...ownerPage, d.ownerMessages.list);
  app.get('/edit/:token/notifications', ...ownerPage, d.ownerNotifications.show);
  app.post('/edit/:token/notifications', ...ownerAction, d.ownerNotifications.save);
  app.get('/edit/:token/leads', ...ownerPage, d.ownerLeads.list);
  app.get('/edit/:token/leads.csv', ...ownerPage, d.ownerLeads.csv);
  app.get('/edit/:token/leads.vcf', ...ownerPage, d.ownerLeads.vcards);
  app.get('/edit/:token/leads/:leadId/vcard.vcf', ...ownerPage, d.ownerLeads.vcard);
  app.get('/edit/:token/stats', ...ownerPage, p.stats);
  app.get('/edit/:token/stats.csv', ...ownerPage, p.statsCsv);
  app.get('/edit/:token/print.pdf', ...ownerPage, d.printKit.customerKit);
  app.post('/edit/:token/profile', ...ownerAction, e.profileText);
  app.post('/edit/:token/settings', ...ownerAction, e.settings);
  app.post('/edit/:token/contact-buttons/:type', ...ownerAction, e.contactButton);
  app.post('/edit/:token/background', ...ownerAction, e.background);
  app.post('/edit/:token/iban', ...ownerAction, e.iban);
  app.post('/edit/:token/iban/visibility', ...ownerAction, e.ibanVisibility);
  app.post('/edit/:token/iban/delete', ...ownerAction, e.removeIban);
  app.post('/edit/:token/hours', ...ownerAction, d.ownerHours.save);
  app.post('/edit/:token/links', ...ownerAction, e.createLink);
  app.post('/edit/:token/links/order', ...ownerAction, e.reorderLinks);
  app.post('/edit/:token/links/catalog', ...ownerUpload(catalogUpload), u.createCatalog, u.refusedFile.newCatalog);
  app.post('/edit/:token/links/:linkId', ...ownerAction, link, e.updateLink);
  app.post('/edit/:token/links/:linkId/delete', ...ownerAction, link, e.deleteLink);
  app.post('/edit/:token/links/:linkId/visibility', ...ownerAction, link, e.linkVisibility);
  app.post('/edit/:token/links/:linkId/move', ...ownerAction, link, e.moveLink);
  app.post(
    '/edit/:token/links/:linkId/catalog',
    ...ownerUpload(catalogUpload, link),
    u.updateCatalog,
    u.refusedFile.catalog,
  );
  app.post(
    '/edit/:token/photo/profile',
    ...ownerUpload(photoUpload),
    u.photo('profile'),
    u.refusedFile.photo('profile'),
  );
  app.post('/edit/:token/photo/profile/remove', ...ownerAction, u.removeProfilePhoto);
  app.post('/edit/:token/photo/cover', ...ownerUpload(photoUpload), u.photo('cover'), u.refusedFile.photo('cover'));
  app.post('/edit/:token/cover/remove', ...ownerAction, u.removeCover);
  app.post('/edit/:token/cover', ...ownerAction, d.ownerCover.cover);
  app.post('/edit/:token/messages/:messageId/delete', ...ownerAction, d.ownerMessages.remove);
  app.post('/edit/:token/leads/settings', ...ownerAction, d.ownerLeads.saveSettings);
  app.post('/edit/:token/leads/delete-all', ...ownerAction, d.ownerLeads.removeAll);
  app.post('/edit/:token/leads/:leadId/delete', ...ownerAction, d.ownerLeads.remove);
  app.post(
    '/edit/:token/background/image',
    ...ownerUpload(backgroundUpload),
    u.backgroundImage,
    u.refusedFile.background,
  );
  // The price list from a CSV (preview, then confirm carrying the file back) and to a CSV.
  app.get('/edit/:token/price-list/import', ...ownerPage, d.priceListImport.page('owner'));
  app.post(
    '/edit/:token/price-list/import',
    ...ownerUpload(csvUpload),
    d.priceListImport.preview('owner'),
    d.priceListImport.refused('owner'),
  );
  app.post(
    '/edit/:token/price-list/import/confirm',
    privatePage,
    secretLinkPage,
    sameOriginOnly,
    d.loadCustomerByToken,
    ...importConfirmForm,
    d.priceListImport.confirm('owner'),
  );
  // The preview's refused rows as a file to fix (the file carried back in the form, as the confirmation carries it).
  app.post(
    '/edit/:token/price-list/import/errors.csv',
    privatePage,
    secretLinkPage,
    sameOriginOnly,
    d.loadCustomerByToken,
    d.brandLocals,
    ...importConfirmForm,
    d.priceListImport.refusedRows('owner'),
  );
  app.get('/edit/:token/price-list.csv', ...ownerPage, d.priceListImport.exportCsv);
  // The price list's editor: its own page (a 500-item list needs more room than a dialog), an item's form a page of its
  // own (multipart: its optional photo); a category or item id of another customer is a 404.
  const pl = d.priceListEditor;
  app.get('/edit/:token/price-list', ...ownerPage, pl.show);
  app.get('/edit/:token/price-list/items/new', ...ownerPage, pl.newItem);
  app.get('/edit/:token/price-list/items/:itemId', ...ownerPage, pl.editItem);
  app.post('/edit/:token/price-list/kind', ...ownerAction, pl.setKind);
  app.post('/edit/:token/price-list/categories', ...ownerAction, pl.addCategory);
  app.post('/edit/:token/price-list/categories/order', ...ownerAction, pl.reorderCategories);
  app.post('/edit/:token/price-list/categories/:categoryId', ...ownerAction, pl.renameCategory);
  app.post('/edit/:token/price-list/categories/:categoryId/delete', ...ownerAction, pl.deleteCategory);
  app.post('/edit/:token/price-list/categories/:categoryId/move', ...ownerAction, pl.moveCategory);
  app.post('/edit/:token/price-list/categories/:categoryId/items/order', ...ownerAction, pl.reorderItems);
  app.post('/edit/:token/price-list/items', ...ownerUpload(priceItemUpload), ...form, pl.addItem, pl.refusedFile);
  app.post(
    '/edit/:token/price-list/items/:itemId',
    ...ownerUpload(priceItemUpload),
    ...form,
    pl.updateItem,
    pl.refusedFile,
  );
  app.post('/edit/:token/price-list/items/:itemId/delete', ...ownerAction, pl.deleteItem);
  app.post('/edit/:token/price-list/items/:itemId/move', ...ownerAction, pl.moveItem);
  app.post('/edit/:token/price-list/items/:itemId/sold-out', ...ownerAction, pl.itemSwitch('sold_out'));
  app.post('/edit/:token/price-list/items/:itemId/visibility', ...ownerAction, pl.itemSwitch('is_visible'));

  // The agency's logo, named by its content (the pages link the current one); cached for a year.
  // Under /img, whose name no customer can take as a slug.
  app.get('/img/brand/:file', uploadHeaders, embeddableAnywhere, d.settings.logo);

  // The links in the owner's e-mails: the token in the URL is the credential, never logged or sent on as a Referer.
  // The unsubscribe POST is also the RFC 8058 one-click target a mail provider posts from its servers: no CSRF
  // token, cookie or Origin asked for, and no body read (`List-Unsubscribe=One-Click` says nothing more).
  const notificationLink = [privatePage, secretLinkPage, d.notificationLinkThrottle, d.brandLocals];
  app.get('/notifications/confirm/:token', ...notificationLink, d.notificationLinks.confirm);
  app.get('/notifications/unsubscribe/:token', ...notificationLink, d.notificationLinks.ask);
  app.post('/notifications/unsubscribe/:token', ...notificationLink, d.notificationLinks.unsubscribe);

  // Visitor: the public profile and what is made from it. A GET of an address in another spelling
  // (`/Ayşe-Kaya`) or of an old address answers 301 to the current one, the rest of the path and the
  // query kept (loadPublicCustomer); a POST there is the 404 it was.
  app.get('/:slug', d.loadPublicCustomer, d.profile.show);
  app.post(
    '/:slug/messages',
    sameOriginOnly,
    d.loadPublicCustomer,
    messageForm,
    d.messageThrottle,
    d.profile.sendMessage,
  );
  // Contact exchange: a form that is off, or a passive customer's, is a 404; the information text is one link away.
  app.post(
    '/:slug/leads',
    d.loadPublicCustomer,
    passiveAsMissing,
    sameOriginOnly,
    messageForm,
    d.leadThrottle,
    d.leadForm.submit,
  );
  app.get('/:slug/aydinlatma', d.loadPublicCustomer, passiveAsMissing, d.leadForm.notice);
  app.get('/:slug/vcard.vcf', d.loadPublicCustomer, d.profileFiles.vcard);
  app.get('/:slug/qr.svg', d.loadPublicCustomer, d.profileFiles.qrSvg);
  app.get('/:slug/qr.png', d.loadPublicCustomer, d.profileFiles.qrPng);
  // The sharing image, drawn once per page version; a passive customer's is a 404 like its photo.
  app.get('/:slug/og.png', d.loadPublicCustomer, passiveAsMissing, d.sharingImage.show);
  // The price list and its A4 PDF: no visible item is a 404; a passive customer's is the profile's 403 page.
  app.get('/:slug/fiyat-listesi', d.loadPublicCustomer, d.priceList.show);
  app.get('/:slug/fiyat-listesi.pdf', d.loadPublicCustomer, d.priceList.pdf);
  app.get('/:slug/links/:linkId/qr.svg', d.loadPublicCustomer, d.loadPublicLink, d.profileFiles.linkQrSvg);
  // A tap on a visible link, sent by the browser itself (`<a ping>`, else sendBeacon): no body is read, and no CSRF
  // token or Origin is asked for (a ping has neither); another site's page is refused. Answers 204.
  app.post(
    '/:slug/links/:linkId/click',
    refuseCrossSite,
    d.loadPublicCustomer,
    d.loadPublicLink,
    visibleLinkOnly,
    d.clickThrottle,
    d.linkClicks.record,
  );
}
