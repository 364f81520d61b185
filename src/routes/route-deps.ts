import type { RequestHandler } from 'express';
import type { AdminRole } from '../http/route-guard.js';
import type { AccountController } from '../controllers/account.controller.js';
import type { ActivityController } from '../controllers/activity.controller.js';
import type { AdminController } from '../controllers/admin.controller.js';
import type { AdminIdentityController } from '../controllers/admin-identity.controller.js';
import type { AdminCodesController } from '../controllers/admin-codes.controller.js';
import type { AdminCompaniesController } from '../controllers/admin-companies.controller.js';
import type { CardCodeController } from '../controllers/card-code.controller.js';
import type { CustomerCodesController } from '../controllers/customer-codes.controller.js';
import type { CustomerCompanyController } from '../controllers/customer-company.controller.js';
import type { CompanyExportsController } from '../controllers/company-exports.controller.js';
import type { CompanyTemplateController } from '../controllers/company-template.controller.js';
import type { CompanyTranslationsController } from '../controllers/company-translations.controller.js';
import type { SecurityPolicyController } from '../controllers/security-policy.controller.js';
import type { AdminSecurityController } from '../controllers/admin-security.controller.js';
import type { AdminRecoveryCodesController } from '../controllers/admin-recovery-codes.controller.js';
import type { AdminSlugController } from '../controllers/admin-slug.controller.js';
import type { AdminInvitationController } from '../controllers/admin-invitation.controller.js';
import type { AdminTeamController } from '../controllers/admin-team.controller.js';
import type { AuthController } from '../controllers/auth.controller.js';
import type { CustomerBulkController } from '../controllers/customer-bulk.controller.js';
import type { CustomerImportController } from '../controllers/customer-import.controller.js';
import type { LinkClicksController } from '../controllers/link-clicks.controller.js';
import type { ProfileFilesController } from '../controllers/profile-files.controller.js';
import type { SharingImageController } from '../controllers/sharing-image.controller.js';
import type { OwnerCoverController } from '../controllers/owner-cover.controller.js';
import type { OwnerEditsController } from '../controllers/owner-edits.controller.js';
import type { OwnerMessagesController } from '../controllers/owner-messages.controller.js';
import type { OwnerNotificationsController } from '../controllers/owner-notifications.controller.js';
import type { NotificationLinksController } from '../controllers/notification-links.controller.js';
import type { OwnerLanguagesController } from '../controllers/owner-languages.controller.js';
import type { OwnerLeadsController } from '../controllers/owner-leads.controller.js';
import type { LeadFormController } from '../controllers/lead-form.controller.js';
import type { OwnerPagesController } from '../controllers/owner-pages.controller.js';
import type { OwnerUploadsController } from '../controllers/owner-uploads.controller.js';
import type { OwnerHoursController } from '../controllers/owner-hours.controller.js';
import type { PasswordResetController } from '../controllers/password-reset.controller.js';
import type { PrintKitController } from '../controllers/print-kit.controller.js';
import type { PriceListController } from '../controllers/price-list.controller.js';
import type { PriceListImportController } from '../controllers/price-list-import.controller.js';
import type { PriceListEditController } from '../controllers/price-list-edit.controller.js';
import type { ProfileController } from '../controllers/profile.controller.js';
import type { TeamPageController } from '../controllers/team-page.controller.js';
import type { SettingsController } from '../controllers/settings.controller.js';
import type { MailSettingsController } from '../controllers/mail-settings.controller.js';
import type { SignInCsrf } from '../middleware/sign-in-csrf.js';

/** What the route table is given: the controllers and the middleware made once in app.ts. */
export interface RouteDeps {
  health: RequestHandler;
  auth: AuthController;
  admin: AdminController;
  account: AccountController;
  activity: ActivityController;
  adminSecurity: AdminSecurityController;
  /** The agency's rule "ikinci adım zorunlu" (`sahip` only), on the security page. */
  securityPolicy: SecurityPolicyController;
  /** The team page: the administrators, their roles, deactivation (`sahip` only). */
  team: AdminTeamController;
  /** Accepting an invitation: the invitee's name and password, then signed in. */
  invitation: AdminInvitationController;
  /** Refused invitation forms per client address, on the reset form's counter. */
  invitationThrottle: RequestHandler;
  recoveryCodes: AdminRecoveryCodesController;
  adminIdentity: AdminIdentityController;
  adminSlug: AdminSlugController;
  exportCustomer: RequestHandler;
  customerImport: CustomerImportController;
  customersCsv: RequestHandler;
  customerBulk: CustomerBulkController;
  /** The companies, their members (docs/product.md, Companies). */
  companies: AdminCompaniesController;
  /** The customer page's company form. */
  customerCompany: CustomerCompanyController;
  /** A company's members' card sheet and CSV. */
  companyExports: CompanyExportsController;
  /** A company's template and shared links, on its page. */
  companyTemplate: CompanyTemplateController;
  /** Card codes: batches, their CSV, assignments (docs/product.md, Card codes). */
  adminCodes: AdminCodesController;
  /** The customer page's card code field. */
  customerCodes: CustomerCodesController;
  /** `GET /k/{code}`, and its throttle of unknown codes per client address. */
  cardCode: CardCodeController;
  codeGuessThrottle: RequestHandler;
  /** A company template's texts in the other languages, on its page (docs/product.md, Languages). */
  companyTranslations: CompanyTranslationsController;
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
  /** A company's public team page, `/{company slug}` (docs/product.md, Companies). */
  teamPage: TeamPageController;
  ownerPages: OwnerPagesController;
  ownerMessages: OwnerMessagesController;
  /** "Bildirimler": the owner's address for e-mail and its choices (404 without e-mail set up). */
  ownerNotifications: OwnerNotificationsController;
  /** The confirmation and unsubscribe links of the owner's e-mails. */
  notificationLinks: NotificationLinksController;
  /** Opens of those links per client address, then 429. */
  notificationLinkThrottle: RequestHandler;
  ownerCover: OwnerCoverController;
  /** "Diller": the card's languages and the owner's translations (docs/product.md, Languages). */
  ownerLanguages: OwnerLanguagesController;
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
  /** The administrator check of a route needing at least this role. */
  requireAdmin: (role: AdminRole, beforeSecondFactor: boolean) => RequestHandler;
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
  /** A shared link of the customer's company, by its own id (docs/product.md, Companies). */
  loadPublicCompanyLink: RequestHandler;
}
