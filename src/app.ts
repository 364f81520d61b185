import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { createAccount } from './app-account.js';
import { createCardCodes } from './app-codes.js';
import { createOwnerSide } from './app-owner.js';
import { createTeamPages } from './app-team.js';
import { customerWorkRoutes } from './app-customers.js';
import { createExpressApp, mountShell } from './app-shell.js';
import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './logger.js';
import { LinkClicksController } from './controllers/link-clicks.controller.js';
import { healthCheck } from './controllers/health.controller.js';
import { ProfileFilesController } from './controllers/profile-files.controller.js';
import { SharingImageController } from './controllers/sharing-image.controller.js';
import { OwnerLeadsController } from './controllers/owner-leads.controller.js';
import { LeadFormController } from './controllers/lead-form.controller.js';
import { OwnerHoursController } from './controllers/owner-hours.controller.js';
import { PriceListController } from './controllers/price-list.controller.js';
import { PriceListImportController } from './controllers/price-list-import.controller.js';
import { PriceListImportRepository } from './repositories/price-list-import.repository.js';
import { PriceListImportService } from './services/price-list-import.service.js';
import { priceListEditorOf } from './controllers/price-list-edit.controller.js';
import { eitherFastPath, priceListFastPath } from './http/price-list-fast-path.js';
import { dateIn } from './presenters/price-list-page.js';
import { TranslationRepository } from './repositories/translation.repository.js';
import { ProfileController } from './controllers/profile.controller.js';
import { NotificationLinksController } from './controllers/notification-links.controller.js';
import { OwnerNotificationsController } from './controllers/owner-notifications.controller.js';
import { CachedPageResponder } from './http/cached-page-response.js';
import { securityHeaderPairs } from './middleware/security-headers.js';
import { publicPageFastPath, withFastPath } from './http/public-page-fast-path.js';
import { AccessTally } from './http/access-tally.js';
import { SettingsController } from './controllers/settings.controller.js';
import { MailSettingsController } from './controllers/mail-settings.controller.js';
import { formatDate } from './lib/dates.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { loadCustomerById, loadCustomerByToken, loadPublicCustomer } from './middleware/load-customer.js';
import { loadOwnerLink, loadPublicCompanyLink, loadPublicLink } from './middleware/load-link.js';
import { clickThrottle } from './middleware/link-clicks.js';
import { messageThrottle } from './middleware/message-throttle.js';
import { notificationLinkThrottle } from './middleware/notification-link-throttle.js';
import { leadThrottle } from './middleware/lead-throttle.js';
import { brandLocals } from './middleware/brand-locals.js';
import { AdminActivityRepository } from './repositories/admin-activity.repository.js';
import { ClickRepository } from './repositories/click.repository.js';
import { CustomerRepository } from './repositories/customer.repository.js';
import { SlugRedirectRepository } from './repositories/slug-redirect.repository.js';
import { MessageRepository } from './repositories/message.repository.js';
import { LeadRepository } from './repositories/lead.repository.js';
import { LeadSettingsRepository } from './repositories/lead-settings.repository.js';
import { LeadService } from './services/lead.service.js';
import { LeadDayCounter } from './services/lead-day-counter.js';
import { ProfileRepository } from './repositories/profile.repository.js';
import { OpeningHoursRepository } from './repositories/opening-hours.repository.js';
import { SettingsRepository } from './repositories/settings.repository.js';
import { MailOutboxRepository } from './repositories/mail-outbox.repository.js';
import { smtpUtf8Probe } from './mail/smtp-capabilities.js';
import { PrintKitRepository } from './repositories/print-kit.repository.js';
import { ViewRepository } from './repositories/view.repository.js';
import type { AdminAuthService } from './services/admin-auth.service.js';
import { ActivityLog } from './services/activity-log.service.js';
import { BrandService } from './services/brand.service.js';
import { MailAddressCheck } from './services/mail-address-check.js';
import { MailSettingsService } from './services/mail-settings.service.js';
import { CustomerService } from './services/customer.service.js';
import { SlugAddressService } from './services/slug-address.service.js';
import { FormTimer } from './services/form-timer.js';
import { ProfileService } from './services/profile.service.js';
import { createOwnerMail, type OwnerMail } from './services/owner-mail.js';
import { OpeningHoursService } from './services/opening-hours.service.js';
import { PriceListPageService } from './services/price-list-page.service.js';
import { PriceListReadRepository } from './repositories/price-list-read.repository.js';
import { PrintKitService } from './services/print-kit.service.js';
import { PublicPageService, type RenderView } from './services/public-page.service.js';
import { SharingImageService } from './services/sharing-image.service.js';
import { ViewAllowance } from './services/view-allowance.js';
import { ViewRecorder } from './services/view-recorder.js';
import { registerRoutes } from './routes.js';
import { translatorFor } from './i18n/translator.js';
import { bucketHealth, createStorage, type FileStorage } from './storage/index.js';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The clock every service reads; tests pin it. */
  clock?: () => Date;
}

export interface App {
  /** The Express app: every route (a public page included, without the fast path). */
  app: Express;
  /** What the HTTP server runs: the public page's fast path, then the Express app. */
  handler: RequestListener;
  services: {
    auth: AdminAuthService;
    customers: CustomerService;
    views: ViewRecorder;
    storage: FileStorage;
    profiles: ProfileRepository;
    /** The pages' sharing images, drawn once per version (its `drawn` count is read by tests). */
    sharingImages: SharingImageService;
    /** The fast path's access log, batched (null below LOG_LEVEL=info). */
    accessLog: AccessTally | null;
    /** Contact exchange; server.ts runs its retention job. */
    leads: LeadService;
    /** Leads per day, written in batches; server.ts stops it, tests flush it. */
    leadCounts: LeadDayCounter;
    /** The owner's e-mail notifications; server.ts runs the weekly summary's schedule. */
    ownerMail: OwnerMail;
    /** The companies' team pages' views (app-team.ts). */
    teamViews: ViewRecorder;
    /** The views through card codes (app-codes.ts). */
    codeViews: ViewRecorder;
  };
  /**
   * Writes what is pending in the batched access log and closes what the app opened besides the database pool (the
   * SQLite read connection of the public page); before db.destroy().
   */
  close(): void;
}

/** Builds the whole application from its dependencies; it never listens (server.ts does). */
export function createApp({ config, db, logger, clock = () => new Date() }: AppDeps): App {
  const now = () => clock().getTime();
  const customerRepository = new CustomerRepository(db);
  const profileRepository = new ProfileRepository(db);
  const storage = createStorage(config);
  // Who did what, recorded right after each change (docs/architecture.md, Activity log).
  const activity = new ActivityLog(new AdminActivityRepository(db), now, logger);
  // Whether the SMTP server takes an address typed in a form (a local part beyond ASCII needs SMTPUTF8).
  const mailAddresses = new MailAddressCheck(config.mail ? smtpUtf8Probe(config.mail) : async () => null);
  // The administrator's account: session, sign-in, second factor, password reset (app-account.ts).
  const account = createAccount({ config, db, logger, clock, brandLook: () => brand.look(), activity, mailAddresses });
  const { auth } = account;
  const customers = new CustomerService(customerRepository, storage, clock, logger);
  // Another spelling or an old address of a customer leads to the current one (docs/product.md, Public page).
  const slugAddresses = new SlugAddressService(new SlugRedirectRepository(db), now);
  // Views and link clicks, batched off the request path and written together every 500 ms.
  const views = new ViewRecorder(
    new ViewRepository(db, config.timeZone),
    logger,
    new ClickRepository(db, config.timeZone),
  );
  // A few loads per client and profile count as views; the rest are served and not counted.
  const viewAllowance = new ViewAllowance();
  // The profile links the price list when it has a visible item (docs/product.md, Price list).
  const priceListReads = new PriceListReadRepository(db);
  // The page shows the opening hours and whether it is open now (docs/product.md, Opening hours).
  const openingHours = new OpeningHoursService(new OpeningHoursRepository(db), config.timeZone, now);
  const profileService = new ProfileService(profileRepository, priceListReads, openingHours);
  const messageRepository = new MessageRepository(db);
  // The owner's e-mail notifications (docs/product.md, Notifications); none without SMTP. `brand` is read when an
  // e-mail is made.
  const ownerMail = createOwnerMail(
    db,
    messageRepository,
    config,
    { look: () => brand.look(), current: () => brand.current() },
    now,
  );
  const formTimer = new FormTimer(config.sessionSecret);
  // Contact exchange (docs/product.md, Contact exchange): the visitor's form on the page, the owner's "Kişiler".
  // A lead is e-mailed to its owner like a message, in its own transaction (docs/product.md, Notifications).
  const leadRepository = new LeadRepository(db, ownerMail.notifications?.leadNotifier() ?? null);
  const leadCounts = new LeadDayCounter(leadRepository, logger);
  const leads = new LeadService(
    leadRepository,
    new LeadSettingsRepository(db),
    profileRepository,
    config.timeZone,
    now,
    leadCounts,
  );

  // The owner's side: the editor and its pages, forms and uploads (app-owner.ts).
  const owner = createOwnerSide({
    config,
    db,
    logger,
    clock,
    now,
    storage,
    profileService,
    profileRepository,
    openingHours,
    priceListReads,
    messages: ownerMail.messages,
    leads,
  });

  const app = createExpressApp(config);

  const renderView: RenderView = (view, locals) =>
    new Promise((resolve, reject) => app.render(view, locals, (err, html) => (err ? reject(err) : resolve(html))));
  // The agency brand, kept in memory; the public pages read it afresh when they are rendered again.
  const brand = new BrandService(new SettingsRepository(db), now);
  // E-mail's side of the settings page (docs/product.md, E-mail); server.ts runs the outbox worker.
  const mailSettings = new MailSettingsController(
    new MailSettingsService(config.mail, new MailOutboxRepository(db), db, () => brand.look(), config.timeZone, now),
    config.baseUrl,
    mailAddresses,
  );
  const publicPages = new PublicPageService(
    profileService,
    renderView,
    formTimer,
    now,
    brand,
    leads,
    config.objectStorage?.publicUrl ?? null,
    new TranslationRepository(db),
  );
  const responder = new CachedPageResponder(securityHeaderPairs());
  // The sharing image of each page (og.png), drawn once per customer version and kept in memory.
  const sharingImages = new SharingImageService(profileRepository, storage, brand);
  const profileController = new ProfileController(
    publicPages,
    ownerMail.messages,
    views,
    viewAllowance,
    formTimer,
    config,
    now,
    responder,
  );
  const leadForm = new LeadFormController(publicPages, leads, formTimer, config, now);

  app.locals.passwordResetOffered = account.mailEnabled;
  // A public view's words where its page has no language of its own yet: Turkish (docs/product.md, Languages).
  const turkish = translatorFor('tr');
  app.locals.t = turkish.t.bind(turkish);

  const logRequests = logger.isLevelEnabled('info');
  // A public page already in the cache is answered before the app's router (docs/architecture.md, One public request).
  const accessLog = logRequests ? new AccessTally(logger) : null;
  const fastPath = publicPageFastPath({
    pages: publicPages,
    customers: customerRepository,
    responder,
    views,
    viewAllowance,
    baseUrl: config.baseUrl,
    now,
    accessLog,
  });
  // The price list page: its own cache and fast path, like the profile's (docs/architecture.md, One public request).
  const priceListPages = new PriceListPageService(
    priceListReads,
    profileRepository,
    renderView,
    brand,
    (ms, lang) => (lang === 'tr' ? formatDate(ms, config.timeZone) : dateIn(lang, ms, config.timeZone)),
    now,
    openingHours,
    config.objectStorage?.publicUrl ?? null,
    new TranslationRepository(db),
  );
  const priceListFast = priceListFastPath({
    pages: priceListPages,
    customers: customerRepository,
    responder,
    baseUrl: config.baseUrl,
    accessLog,
  });
  // Card codes: the agency's batches and `/k/{code}` (app-codes.ts).
  const cardCodes = createCardCodes({ config, db, logger, now, activity, customerRepository });
  // A company's team page: its own cache and fast path, like the profile's (app-team.ts).
  const teamPages = createTeamPages({ config, db, logger, now, renderView, brand, responder, accessLog });
  mountShell(app, { config, logger, logRequests, storage, customers: customerRepository });

  // The print kit and the list's bulk print share the sheet and the agency's brand on the cards.
  const printKits = new PrintKitService(
    new PrintKitRepository(db),
    profileRepository,
    storage,
    openingHours,
    priceListReads,
  );
  const printBrand = async () => {
    const look = await brand.look();
    return look.custom
      ? { name: look.name, url: look.url, accentColor: look.accentColor, logo: await brand.logo() }
      : undefined;
  };

  registerRoutes(app, {
    health: healthCheck(db, bucketHealth(storage)),
    ...account.routes,
    // The agency's customer work: list, customer page, import, exports, print kit, activity (app-customers.ts).
    ...customerWorkRoutes({
      config,
      db,
      logger,
      clock,
      activity,
      storage,
      customers,
      slugAddresses,
      printKits,
      printBrand,
      cardCodes: cardCodes.service,
    }),
    profileFiles: new ProfileFilesController(profileService, storage, config, new TranslationRepository(db)),
    sharingImage: new SharingImageController(sharingImages),
    priceList: new PriceListController(priceListPages, responder, config, printBrand),
    priceListImport: new PriceListImportController(
      new PriceListImportService(
        new PriceListImportRepository(db),
        priceListReads,
        storage,
        now,
        logger,
        new TranslationRepository(db),
      ),
      activity,
    ),
    profile: profileController,
    teamPage: teamPages.controller,
    adminCodes: cardCodes.adminCodes,
    cardCode: cardCodes.cardCode,
    codeGuessThrottle: cardCodes.codeGuessThrottle,
    settings: new SettingsController(brand, activity),
    mailSettings,
    brandLocals: brandLocals(brand),
    ownerPages: owner.ownerPages,
    ownerMessages: owner.ownerMessages,
    ownerCover: owner.ownerCover,
    ownerLanguages: owner.ownerLanguages,
    ownerEdits: owner.ownerEdits,
    ownerUploads: owner.ownerUploads,
    priceListEditor: priceListEditorOf({ db, reads: priceListReads, media: owner.media, storage, config, now }),
    ownerHours: new OwnerHoursController(owner.ownerEditor, openingHours),
    messageThrottle: messageThrottle(db, config.sessionSecret, logger, profileController.tooManyMessages, now),
    ownerNotifications: new OwnerNotificationsController(ownerMail.notifications, config, now, mailAddresses),
    notificationLinks: new NotificationLinksController(ownerMail.notifications),
    notificationLinkThrottle: notificationLinkThrottle(db, config.sessionSecret, logger, now),
    leadForm,
    ownerLeads: new OwnerLeadsController(leads, config, now),
    leadThrottle: leadThrottle(db, config.sessionSecret, logger, leadForm.tooMany, now),
    linkClicks: new LinkClicksController(views, now),
    clickThrottle: clickThrottle(db, config.sessionSecret, logger, now),
    loadCustomerById: loadCustomerById(customerRepository),
    loadPublicCustomer: loadPublicCustomer(
      customerRepository,
      (slug) => publicPages.lastKnown(slug),
      (segment) => slugAddresses.currentSlugFor(segment),
    ),
    loadCustomerByToken: loadCustomerByToken(customerRepository),
    loadOwnerLink: loadOwnerLink(profileRepository),
    loadPublicLink: loadPublicLink(profileRepository),
    loadPublicCompanyLink: loadPublicCompanyLink(profileRepository),
  });

  app.use(notFound);
  app.use(errorHandler(logger, brand));
  return {
    app,
    handler: withFastPath(app, eitherFastPath(eitherFastPath(fastPath, priceListFast), teamPages.fastPath), logger),
    services: {
      auth,
      customers,
      views,
      storage,
      profiles: profileRepository,
      sharingImages,
      accessLog,
      leads,
      leadCounts,
      ownerMail,
      teamViews: teamPages.views,
      codeViews: cardCodes.views,
    },
    close: () => {
      accessLog?.flush();
      customerRepository.closeReadConnection();
      teamPages.close();
      cardCodes.close();
    },
  };
}
