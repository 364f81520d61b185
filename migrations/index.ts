import type { Knex } from 'knex';
import * as createSchema from './20261121_0001_create_schema.js';
import * as createProfileViewDays from './20261121_0002_create_profile_view_days.js';
import * as backfillProfileViewDays from './20261121_0003_backfill_profile_view_days.js';
import * as addCustomerVersion from './20261121_0004_add_customer_version.js';
import * as addSessionsRevokedAt from './20261121_0005_add_sessions_revoked_at.js';
import * as addCustomerSearchText from './20261121_0006_add_customer_search_text.js';
import * as addMessagesSeenAt from './20261121_0007_add_messages_seen_at.js';
import * as backfillMessagesSeenAt from './20261121_0008_backfill_messages_seen_at.js';
import * as createLinkClickDays from './20261121_0009_create_link_click_days.js';
import * as createViewSourceDays from './20261121_0010_create_view_source_days.js';
import * as addAdminSecondFactor from './20261121_0011_add_admin_second_factor.js';
import * as createBrandSettings from './20261121_0012_create_brand_settings.js';
import * as createImportRuns from './20261126_0013_create_import_runs.js';
import * as createViewBatches from './20261126_0014_create_view_batches.js';
import * as addProfileIdentity from './20261126_0015_add_profile_identity.js';
import * as createSlugRedirects from './20261126_0016_create_slug_redirects.js';
import * as createAdminActivity from './20261126_0017_create_admin_activity.js';
import * as backfillCustomerSearchText from './20261126_0018_backfill_customer_search_text.js';
import * as addImportRunRefusedRows from './20261126_0019_add_import_run_refused_rows.js';
import * as createMailOutbox from './20261126_0020_create_mail_outbox.js';
import * as createOwnerNotifications from './20261126_0021_create_owner_notifications.js';
import * as createPasswordResets from './20261126_0022_create_password_resets.js';
import * as createLeads from './20261126_0023_create_leads.js';
import * as createPriceList from './20261126_0024_create_price_list.js';
import * as createOpeningHours from './20261126_0025_create_opening_hours.js';
import * as addMailOutboxCompose from './20261126_0026_add_mail_outbox_compose.js';
import * as moveCustomersOffRouteAddresses from './20261129_0027_move_customers_off_route_addresses.js';
import * as addCustomerNameSortKey from './20261129_0028_add_customer_name_sort_key.js';
import * as backfillCustomerSearchAndSort from './20261129_0029_backfill_customer_search_and_sort.js';
import * as createAdminActivityCustomers from './20261129_0030_create_admin_activity_customers.js';
import * as addAdministratorRoles from './20261129_0031_add_administrator_roles.js';
import * as addAdministratorTeamFields from './20261129_0032_add_administrator_team_fields.js';
import * as createAdminInvitations from './20261129_0033_create_admin_invitations.js';
import * as addCustomerAssignee from './20261129_0034_add_customer_assignee.js';
import * as createSecurityPolicy from './20261129_0035_create_security_policy.js';
import * as addAdminActivityRole from './20261129_0036_add_admin_activity_role.js';
import * as createCompanies from './20261129_0037_create_companies.js';
import * as addCompanyTemplate from './20261130_0038_add_company_template.js';
import * as createCompanyViewDays from './20261130_0039_create_company_view_days.js';
import * as addLanguages from './20261130_0040_add_languages.js';
import * as createCardCodes from './20261130_0041_create_card_codes.js';
import * as createCompanyLinkClickDays from './20261130_0042_create_company_link_click_days.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed here rather than found on disk so the same list
 * works from TypeScript sources (tests) and compiled JavaScript (production).
 * Shipped migrations are never edited: a change is a new file added to the end.
 */
const migrations: ReadonlyArray<readonly [string, Migration]> = [
  ['20261121_0001_create_schema', createSchema],
  ['20261121_0002_create_profile_view_days', createProfileViewDays],
  ['20261121_0003_backfill_profile_view_days', backfillProfileViewDays],
  ['20261121_0004_add_customer_version', addCustomerVersion],
  ['20261121_0005_add_sessions_revoked_at', addSessionsRevokedAt],
  ['20261121_0006_add_customer_search_text', addCustomerSearchText],
  ['20261121_0007_add_messages_seen_at', addMessagesSeenAt],
  ['20261121_0008_backfill_messages_seen_at', backfillMessagesSeenAt],
  ['20261121_0009_create_link_click_days', createLinkClickDays],
  ['20261121_0010_create_view_source_days', createViewSourceDays],
  ['20261121_0011_add_admin_second_factor', addAdminSecondFactor],
  ['20261121_0012_create_brand_settings', createBrandSettings],
  ['20261126_0013_create_import_runs', createImportRuns],
  ['20261126_0014_create_view_batches', createViewBatches],
  ['20261126_0015_add_profile_identity', addProfileIdentity],
  ['20261126_0016_create_slug_redirects', createSlugRedirects],
  ['20261126_0017_create_admin_activity', createAdminActivity],
  ['20261126_0018_backfill_customer_search_text', backfillCustomerSearchText],
  ['20261126_0019_add_import_run_refused_rows', addImportRunRefusedRows],
  ['20261126_0020_create_mail_outbox', createMailOutbox],
  ['20261126_0021_create_owner_notifications', createOwnerNotifications],
  ['20261126_0022_create_password_resets', createPasswordResets],
  ['20261126_0023_create_leads', createLeads],
  ['20261126_0024_create_price_list', createPriceList],
  ['20261126_0025_create_opening_hours', createOpeningHours],
  ['20261126_0026_add_mail_outbox_compose', addMailOutboxCompose],
  ['20261129_0027_move_customers_off_route_addresses', moveCustomersOffRouteAddresses],
  ['20261129_0028_add_customer_name_sort_key', addCustomerNameSortKey],
  ['20261129_0029_backfill_customer_search_and_sort', backfillCustomerSearchAndSort],
  ['20261129_0030_create_admin_activity_customers', createAdminActivityCustomers],
  ['20261129_0031_add_administrator_roles', addAdministratorRoles],
  ['20261129_0032_add_administrator_team_fields', addAdministratorTeamFields],
  ['20261129_0033_create_admin_invitations', createAdminInvitations],
  ['20261129_0034_add_customer_assignee', addCustomerAssignee],
  ['20261129_0035_create_security_policy', createSecurityPolicy],
  ['20261129_0036_add_admin_activity_role', addAdminActivityRole],
  ['20261129_0037_create_companies', createCompanies],
  ['20261130_0038_add_company_template', addCompanyTemplate],
  ['20261130_0039_create_company_view_days', createCompanyViewDays],
  ['20261130_0040_add_languages', addLanguages],
  ['20261130_0041_create_card_codes', createCardCodes],
  ['20261130_0042_create_company_link_click_days', createCompanyLinkClickDays],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
