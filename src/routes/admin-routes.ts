import type { RequestHandler } from 'express';
import type { RouteDeps } from './route-deps.js';
import { csvUpload } from '../middleware/csv-upload.js';
import { companyLogoUpload } from '../middleware/company-logo-upload.js';
import { companyLookUpload } from '../middleware/company-look-upload.js';
import { logoUpload } from '../middleware/logo-upload.js';
import { administrator as admin, invitation, type RouteTable } from './route-table.js';

const toList: RequestHandler = (_req, res) => res.redirect(303, '/admin');

/**
 * Administrator: a database session, CSRF tokens on every form, never cached or indexed. A route needs an `editor`
 * (every administrator) unless it names more: the settings the `sahip`, deletes and data exports a `yonetici`
 * (docs/product.md, Administrators and roles).
 */
export function registerAdminRoutes(t: RouteTable, d: RouteDeps): void {
  const owner = { role: 'sahip' } as const;
  const manager = { role: 'yonetici' } as const;
  t.get('/admin', admin(), d.admin.dashboard);
  t.get('/admin/password', admin(), d.account.show);
  // What administrators did, newest first; `?yonetici=` and `?musteri=` filter, `?once=`/`?sonra=` page.
  t.get('/admin/activity', admin(), d.activity.list);
  // An import's or a bulk action's one entry, with the customers it named.
  t.get('/admin/activity/:activityId', admin(), d.activity.entry);
  // The agency brand: a multipart form (the logo), read only for a signed-in administrator; `action=clear` clears it.
  t.get('/admin/settings', admin(owner), d.mailSettings.section, d.settings.show);
  t.post(
    '/admin/settings',
    admin({ ...owner, body: { kind: 'multipart', parser: logoUpload } }),
    d.mailSettings.section,
    d.settings.save,
    d.settings.tooLarge,
  );
  // A test e-mail to the signed-in administrator (a 404 without SMTP_URL and MAIL_FROM).
  t.post('/admin/settings/test-email', admin(owner), d.mailSettings.sendTest);
  // The team (docs/product.md, Administrators and roles): roles, deactivation (their sessions end) and activation.
  t.get('/admin/team', admin(owner), d.team.show);
  t.post('/admin/team/:id/role', admin(owner), d.team.role);
  t.post('/admin/team/:id/deactivate', admin(owner), d.team.deactivate);
  t.post('/admin/team/:id/activate', admin(owner), d.team.activate);
  // Invitations: a one-use link valid 7 days, e-mailed or shown once; an open one may be taken back.
  t.post('/admin/team/invite', admin(owner), d.team.invite);
  t.post('/admin/team/invitations/:id/revoke', admin(owner), d.team.revoke);
  // The invitee's page: no administrator yet, the invitation token in the URL is the credential (its own access).
  t.get('/admin/invite/:token', invitation(), d.invitation.show);
  t.post(
    '/admin/invite/:token',
    invitation({ load: [d.session], throttle: [d.invitationThrottle] }),
    d.invitation.accept,
  );
  t.post('/admin/password', admin({ throttle: [d.passwordThrottle] }), d.account.change);
  // The page that turns the second factor on stays reachable while the agency's rule asks for it (docs/product.md).
  const setup = { beforeSecondFactor: true } as const;
  t.get('/admin/security', admin(setup), d.adminSecurity.show);
  t.post('/admin/security', admin(setup), d.adminSecurity.enable);
  t.post('/admin/security/policy', admin(owner), d.securityPolicy.save);
  t.post('/admin/security/disable', admin({ throttle: d.secondFactorOffThrottle }), d.adminSecurity.disable);
  // Recovery codes: a new set (password and app code, on the same throttles), and the shown set as a .txt posted back
  // sealed, never in a URL.
  t.post('/admin/security/recovery-codes', admin({ throttle: d.recoveryRenewalThrottle }), d.recoveryCodes.renew);
  t.post('/admin/security/recovery-codes/download', admin(), d.recoveryCodes.download);
  t.post('/admin/customers', admin(), d.admin.create);
  // The list's selection: print, CSV, activate, deactivate or delete (asked first) the ticked customers or all
  // matching. Every administrator's route; its CSV and delete ask the controller for a `yonetici`.
  t.post('/admin/customers/bulk', admin({ body: 'bulk-form' }), d.customerBulk.run);
  // After a refused create without JavaScript the address bar shows this path; reloading it lands on the list.
  t.get('/admin/customers', admin(), toList);
  t.get('/admin/customers.csv', admin(manager), d.customersCsv);
  // Bulk import: a body (up to 1 MB of CSV, multipart) is read only for a signed-in administrator.
  const csv = { kind: 'csv', parser: csvUpload } as const;
  t.get('/admin/import', admin(), d.customerImport.show);
  t.post('/admin/import', admin({ body: csv }), d.customerImport.preview, d.customerImport.refused);
  t.post('/admin/import/confirm', admin({ body: 'file-form' }), d.customerImport.confirm);
  // The confirmation's result, by the import's one-time id: a reload shows it again and imports nothing.
  t.get('/admin/import/:importId', admin(), d.customerImport.result);
  // The refused rows of a preview, in the uploaded file's encoding and separator, to fix and upload again.
  t.get('/admin/import/:importId/errors.csv', admin(), d.customerImport.errorsCsv);
  const customer = d.loadCustomerById;
  t.get('/admin/customers/:id', admin(), customer, d.admin.show);
  t.get('/admin/customers/:id/export', admin(manager), customer, d.exportCustomer);
  // Print kits as PDF downloads: `?format=card|a6` of one customer, A4 sheets of cards for `?ids=`; inactive ones too.
  t.get('/admin/customers/:id/print.pdf', admin(), customer, d.printKit.customerKit);
  t.get('/admin/print.pdf', admin(), d.printKit.sheet);
  t.post('/admin/customers/:id/status', admin(), customer, d.admin.setStatus);
  // Whose customer it is (docs/product.md, Administrators and roles): `admin_id`, or empty for nobody.
  t.post('/admin/customers/:id/assignee', admin(manager), customer, d.admin.assign);
  // The name corrected and the business on the card; the address (slug) never moves with the name.
  t.post('/admin/customers/:id/profile', admin(), customer, d.adminIdentity.save);
  // A new public address; the old one answers 301 to it for good and is never given to another customer.
  t.post('/admin/customers/:id/slug', admin(), customer, d.adminSlug.change);
  // "Yeni Bağlantı Oluştur" asks first: this page (or a dialog) with the form that sends `confirm=1`.
  t.get('/admin/customers/:id/token', admin(), customer, d.admin.confirmToken);
  t.post('/admin/customers/:id/token', admin(), customer, d.admin.replaceToken);
  t.post('/admin/customers/:id/delete', admin(manager), customer, d.admin.remove);
  // Companies (docs/product.md, Companies): every administrator sees them and moves customers in and out (within the
  // customers they reach); a `yonetici` creates one.
  t.get('/admin/companies', admin(), d.companies.list);
  t.post('/admin/companies', admin(manager), d.companies.create);
  const translations = d.companyTranslations.section;
  t.get('/admin/companies/:id', admin(), d.companyTemplate.section, translations, d.companies.show);
  t.get('/admin/companies/:id/print.pdf', admin(), d.companyExports.print);
  t.get('/admin/companies/:id/members.csv', admin(manager), d.companyExports.csv);
  t.post(
    '/admin/companies/:id/members',
    admin({ body: 'bulk-form' }),
    d.companyTemplate.section,
    translations,
    d.companies.members,
  );
  // The template (docs/product.md, Companies): a multipart form (the logo), a `yonetici`'s or the `sahip`'s; one save
  // renews every member's card. Shared links are added and removed beside it. A refused form shows the company page.
  t.post(
    '/admin/companies/:id/template',
    admin({ ...manager, body: { kind: 'multipart', parser: companyLogoUpload } }),
    d.companyTemplate.save,
    d.companyTemplate.tooLarge,
    d.companies.show,
  );
  t.post('/admin/companies/:id/hours', admin(manager), d.companyTemplate.saveHours, d.companies.show);
  // The background and cover: a multipart form with an image file for each (a plain form still sends the rest).
  t.post(
    '/admin/companies/:id/look',
    admin({ ...manager, body: { kind: 'multipart', parser: companyLookUpload, thenForm: true } }),
    d.companyTemplate.saveLook,
    d.companyTemplate.lookTooLarge,
    d.companies.show,
  );
  t.post('/admin/companies/:id/links', admin(manager), d.companyTemplate.addLink, d.companies.show);
  t.post('/admin/companies/:id/links/:linkId/delete', admin(manager), d.companyTemplate.deleteLink);
  // The template's texts in the other languages (docs/product.md, Languages); a refused form shows the company page.
  const section = d.companyTemplate.section;
  const translationsForm = admin({ ...manager, body: 'translations-form' });
  t.post('/admin/companies/:id/translations', translationsForm, d.companyTranslations.save, section, d.companies.show);
  t.post('/admin/customers/:id/company', admin(), customer, d.customerCompany.change);
  // Card codes (docs/product.md, Card codes): every administrator sees them and points a code at a customer they
  // reach; a `yonetici` makes a batch and takes its CSV for the NFC writer.
  t.get('/admin/codes', admin(), d.adminCodes.list);
  t.post('/admin/codes', admin(manager), d.adminCodes.create);
  t.get('/admin/codes/:batch.csv', admin(manager), d.adminCodes.csv);
  t.post('/admin/codes/:code/assign', admin(), d.adminCodes.assign);
  t.post('/admin/customers/:id/codes', admin(), customer, d.customerCodes.attach);
  // A customer's price list from a CSV: the upload previews, the confirmation carries the file back.
  const pi = d.priceListImport;
  const base = '/admin/customers/:id/price-list';
  const confirmForm = admin({ load: [customer], body: 'file-form' });
  t.get(`${base}/import`, admin(), customer, pi.page('admin'));
  t.post(`${base}/import`, admin({ load: [customer], body: csv }), pi.preview('admin'), pi.refused('admin'));
  t.post(`${base}/import/confirm`, confirmForm, pi.confirm('admin'));
  t.post(`${base}/import/errors.csv`, confirmForm, pi.refusedRows('admin'));
  t.get('/admin/customers/:id/price-list.csv', admin(), customer, pi.exportCsv);
}
