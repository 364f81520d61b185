import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './logger.js';
import { ActivityController } from './controllers/activity.controller.js';
import { AdminController } from './controllers/admin.controller.js';
import { AdminCompaniesController } from './controllers/admin-companies.controller.js';
import { AdminCustomerPage } from './controllers/admin-customer-page.js';
import { AdminIdentityController } from './controllers/admin-identity.controller.js';
import { AdminSlugController } from './controllers/admin-slug.controller.js';
import { CustomerBulkController, type BulkPrintBrand } from './controllers/customer-bulk.controller.js';
import { CompanyTranslationsController } from './controllers/company-translations.controller.js';
import { TranslationRepository } from './repositories/translation.repository.js';
import { CompanyTemplateController } from './controllers/company-template.controller.js';
import { CustomerCompanyController } from './controllers/customer-company.controller.js';
import { CustomerCodesController } from './controllers/customer-codes.controller.js';
import { CompanyExportsController } from './controllers/company-exports.controller.js';
import { CustomerImportController } from './controllers/customer-import.controller.js';
import { customersCsvHandler } from './controllers/customers-csv.controller.js';
import { customerExportHandler } from './controllers/export.controller.js';
import { PrintKitController } from './controllers/print-kit.controller.js';
import { CompanyRepository } from './repositories/company.repository.js';
import { CompanyTemplateRepository } from './repositories/company-template.repository.js';
import { CustomerBatchRepository } from './repositories/customer-batch.repository.js';
import { CustomerBulkRepository } from './repositories/customer-bulk.repository.js';
import { CustomerIdentityRepository } from './repositories/customer-identity.repository.js';
import { OwnerNotificationRepository } from './repositories/owner-notification.repository.js';
import { PriceListRepository } from './repositories/price-list.repository.js';
import { ProfileRepository } from './repositories/profile.repository.js';
import { dayKey } from './lib/calendar.js';
import type { ActivityLog } from './services/activity-log.service.js';
import { CompanyService } from './services/company.service.js';
import { CompanyTemplateService } from './services/company-template.service.js';
import { CustomerBulkService } from './services/customer-bulk.service.js';
import { CustomerFeaturesService } from './services/customer-features.service.js';
import { CustomerIdentityService } from './services/customer-identity.service.js';
import { CustomerImportService } from './services/customer-import.service.js';
import type { CardCodeService } from './services/card-code.service.js';
import type { CustomerService } from './services/customer.service.js';
import type { PrintKitService } from './services/print-kit.service.js';
import type { SlugAddressService } from './services/slug-address.service.js';
import type { RouteDeps } from './routes.js';
import type { FileStorage } from './storage/index.js';

export interface CustomerWorkDeps {
  config: Config;
  db: Db;
  logger: Logger;
  clock: () => Date;
  activity: ActivityLog;
  storage: FileStorage;
  customers: CustomerService;
  slugAddresses: SlugAddressService;
  printKits: PrintKitService;
  printBrand: BulkPrintBrand;
  /** The card codes (app-codes.ts): shown and attached on the customer page. */
  cardCodes: CardCodeService;
}

/** What the route table takes from the agency's customer work. */
export type CustomerWorkRoutes = Pick<
  RouteDeps,
  | 'admin'
  | 'adminSlug'
  | 'adminIdentity'
  | 'activity'
  | 'exportCustomer'
  | 'customerImport'
  | 'customersCsv'
  | 'printKit'
  | 'customerBulk'
  | 'companies'
  | 'customerCompany'
  | 'companyExports'
  | 'companyTemplate'
  | 'customerCodes'
  | 'companyTranslations'
>;

/**
 * The agency's customer work (docs/architecture.md, Layers): the list and its bulk actions, the customer page and
 * the forms on it, the import and the exports, the print kit, the activity log and the companies.
 */
export function customerWorkRoutes(deps: CustomerWorkDeps): CustomerWorkRoutes {
  const { config, db, logger, clock, activity, storage, customers, slugAddresses, printKits, printBrand, cardCodes } =
    deps;
  const now = () => clock().getTime();
  const companies = new CompanyService(db, new CompanyRepository(db), activity, now);
  const templates = new CompanyTemplateService(new CompanyTemplateRepository(db), storage, activity, now, logger, () =>
    dayKey(now(), config.timeZone),
  );
  // The import's `firma` column puts new customers in a company, or makes it (docs/product.md, Companies).
  const customerImports = new CustomerImportService(new CustomerBatchRepository(db), clock, companies);
  // The administrator's customer page, shown again by each form on it that refuses what was typed.
  const customerIdentities = new CustomerIdentityService(
    new ProfileRepository(db),
    new CustomerIdentityRepository(db),
    now,
  );
  const customerPage = new AdminCustomerPage(
    customers,
    slugAddresses,
    config,
    customerIdentities,
    activity,
    now,
    new CustomerFeaturesService(new PriceListRepository(db), new OwnerNotificationRepository(db)),
    companies,
    cardCodes,
  );
  return {
    admin: new AdminController(customers, config, customerPage, activity, () => companies.choices()),
    adminSlug: new AdminSlugController(slugAddresses, customerPage, config, activity),
    adminIdentity: new AdminIdentityController(customerIdentities, customerPage, activity),
    activity: new ActivityController(activity, config, now),
    exportCustomer: customerExportHandler({ db, storage, config, logger, clock, activity }),
    customerImport: new CustomerImportController(customerImports, config, activity),
    customersCsv: customersCsvHandler(customerImports, config, now, activity),
    printKit: new PrintKitController(printKits, config, printBrand, activity),
    customerBulk: new CustomerBulkController(
      new CustomerBulkService(db, new CustomerBulkRepository(db), storage, activity, logger),
      printKits,
      customerImports,
      printBrand,
      config,
      activity,
      now,
      () => customers.assigneeChoices(),
      companies,
    ),
    companies: new AdminCompaniesController(companies),
    customerCompany: new CustomerCompanyController(companies, customerPage),
    customerCodes: new CustomerCodesController(cardCodes, customerPage),
    companyExports: new CompanyExportsController(
      companies,
      printKits,
      customerImports,
      printBrand,
      config,
      activity,
      now,
    ),
    companyTemplate: new CompanyTemplateController(companies, templates),
    companyTranslations: new CompanyTranslationsController(
      companies,
      templates,
      new TranslationRepository(db),
      activity,
    ),
  };
}
