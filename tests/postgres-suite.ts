/**
 * Which HTTP and security test files the `postgres` project runs again on PostgreSQL, and why.
 *
 * Every file runs on SQLite. A file runs on PostgreSQL too when what it proves can come out
 * differently there: queries of its own per database, locks and transactions, row types
 * (counts as text, dates as objects), NUL bytes PostgreSQL refuses, varchar limits SQLite ignores,
 * migrations. `covers` names the dialect-specific modules of src/ (file name without `.ts`) the
 * file reaches; tests/unit/architecture/postgres-suite.test.ts fails when a module with SQL of
 * its own per database is covered by none, or when a file that branches on the database, imports
 * src/db or a dialect-specific module, or sends NUL bytes is left out.
 * tests/multi and tests/faults/postgres-* need PostgreSQL and always run there.
 */
export interface PostgresRun {
  reason: string;
  covers: string[];
}

export const POSTGRES_SUITE: Record<string, PostgresRun> = {
  'tests/http/admin-list.test.ts': {
    reason: 'customer search, filters and sort: SQL per database, case folding and the name sort key',
    covers: ['customer-filter', 'customer.repository', 'customer-search-text'],
  },
  'tests/http/admin-bulk.test.ts': {
    reason: 'bulk actions on many customers in one transaction, counted and refused per row',
    covers: ['customer-bulk.repository'],
  },
  'tests/http/admin.test.ts': {
    reason: 'customer create, edit and delete: cascades over every table, versions, unique slugs',
    covers: ['customer.repository'],
  },
  'tests/http/admin-import.test.ts': {
    reason: 'CSV import: batch inserts with returned ids, nothing kept when the database refuses a row (a trigger)',
    covers: ['customer-batch.repository'],
  },
  'tests/http/admin-import-valid-only.test.ts': {
    reason: 'import of the valid rows only: partial batches in one transaction',
    covers: ['customer-batch.repository'],
  },
  'tests/http/admin-slug.test.ts': {
    reason: 'slug changes: redirects and version bumps in raw SQL, the unique slug under a race',
    covers: ['slug-redirect.repository'],
  },
  'tests/http/slug-spellings.test.ts': {
    reason: 'addresses in other spellings folded to the stored slug and looked up',
    covers: ['slug-redirect.repository', 'prepared-query'],
  },
  'tests/http/admin-roles.test.ts': {
    reason: 'roles: the role column and its check, the last sahip kept in one transaction, refusals written to the log',
    covers: ['administrator.repository', 'admin-activity.repository'],
  },
  'tests/http/admin-team.test.ts': {
    reason: 'team page: the last active sahip held FOR UPDATE under two demotions at once, two app instances',
    covers: ['administrator.repository', 'admin-activity.repository'],
  },
  'tests/http/admin-second-factor-rule.test.ts': {
    reason: 'the second-factor rule: one row upserted with ON CONFLICT, a boolean read on every admin request',
    covers: ['security-policy.repository', 'administrator.repository'],
  },
  'tests/http/admin-invitations.test.ts': {
    reason: 'invitations: the claim of a link in one transaction under two posts at once, bigint times, booleans',
    covers: ['administrator.repository', 'admin-activity.repository'],
  },
  'tests/http/admin-activity.test.ts': {
    reason: "the activity log: inserted ids returned, 7,000 rows in batches inside the caller's transaction",
    covers: ['admin-activity.repository'],
  },
  'tests/http/admin-identity.test.ts': {
    reason: 'business identity at the longest values and with NUL bytes (PostgreSQL refuses them in text)',
    covers: ['profile-write.repository'],
  },
  'tests/http/auth.test.ts': {
    reason: 'sign-in: sessions stored per database, the login throttle counting in one upsert',
    covers: ['admin-session.repository', 'rate-limit.store', 'administrator.repository'],
  },
  'tests/http/admin-security.test.ts': {
    reason: 'sessions revoked on password change and sign-out everywhere; second factor on the administrator row',
    covers: ['admin-session.repository', 'rate-limit.store'],
  },
  'tests/http/mail-outbox-queue.test.ts': {
    reason: 'the mail outbox: claiming with skip-locked, advisory locks, retries and ordering',
    covers: ['mail-outbox.repository'],
  },
  'tests/http/mail-delivery.test.ts': {
    reason: 'mails delivered through the outbox, each once, failures kept for a retry',
    covers: ['mail-outbox.repository'],
  },
  'tests/http/owner-notifications.test.ts': {
    reason: 'owner notifications: rows locked for share and update, digests, NUL bytes in addresses',
    covers: ['owner-notification.repository', 'owner-notification-rows', 'mail-outbox.repository'],
  },
  'tests/http/admin-security-mail.test.ts': {
    reason: 'security mails to the administrator queued in the outbox with the change that causes them',
    covers: ['mail-outbox.repository'],
  },
  'tests/http/edit-link-revocation.test.ts': {
    reason: 'a replaced edit link: mails already queued under the old one dropped from the outbox',
    covers: ['mail-outbox.repository'],
  },
  'tests/http/mail-international-address.test.ts': {
    reason: 'a queued mail to an address the server cannot take fails for good in the outbox',
    covers: ['mail-outbox.repository'],
  },
  'tests/http/mail-settings.test.ts': {
    reason: 'the test e-mail queued and delivered through the outbox',
    covers: ['mail-outbox.repository'],
  },
  'tests/http/lead-notifications.test.ts': {
    reason: 'a contact request told to the owner through the outbox in the transaction that stores it',
    covers: ['lead.repository', 'mail-outbox.repository'],
  },
  'tests/http/weekly-summary.test.ts': {
    reason: 'weekly summaries: counts summed per database (text on PostgreSQL), queued once per week',
    covers: ['owner-notification.repository', 'stats.repository'],
  },
  'tests/http/password-reset.test.ts': {
    reason: 'reset links stored, used once and expired, mailed through the outbox',
    covers: ['password-reset.repository', 'mail-outbox.repository'],
  },
  'tests/http/leads.test.ts': {
    reason: 'contact requests: insert per database, inside or outside a transaction',
    covers: ['lead.repository', 'lead-settings.repository'],
  },
  'tests/http/owner-languages.test.ts': {
    reason: "the owner's translations: upserts on a composite key, removed with what they translate",
    covers: ['translation.repository'],
  },
  'tests/http/profile-words-english.test.ts': {
    reason: "the card's languages as stored per database, and the page, its forms and refusals in each",
    covers: ['translation.repository'],
  },
  'tests/http/owner-leads.test.ts': {
    reason: "the owner's contact requests: pages, seen marks and deletes",
    covers: ['lead.repository'],
  },
  'tests/http/messages.test.ts': {
    reason: 'messages: insert per database with the per-page allowance',
    covers: ['message.repository'],
  },
  'tests/http/owner-messages.test.ts': {
    reason: "the owner's messages: pages, seen marks and deletes",
    covers: ['message.repository'],
  },
  'tests/http/owner-stats.test.ts': {
    reason: 'statistics: day counters summed and grouped per database, counts as text on PostgreSQL',
    covers: ['stats.repository', 'day-counters', 'view.repository', 'click.repository'],
  },
  'tests/http/view-batches.test.ts': {
    reason: 'page views flushed in batches: upserts of day counters per database',
    covers: ['view.repository', 'day-counters'],
  },
  'tests/http/link-clicks.test.ts': {
    reason: 'link clicks counted per day in one upsert, exported',
    covers: ['click.repository', 'day-counters'],
  },
  'tests/http/view-limit.test.ts': {
    reason: 'the view allowance read from the day counters',
    covers: ['view.repository', 'day-counters'],
  },
  'tests/http/public-fast-path.test.ts': {
    reason: 'the public page from prepared statements on a connection of their own',
    covers: ['prepared-query', 'profile.repository'],
  },
  'tests/http/page-cache.test.ts': {
    reason: 'the cached public page invalidated by the version written with each edit',
    covers: ['prepared-query', 'profile-write.repository'],
  },
  'tests/http/owner-actions.test.ts': {
    reason: "the owner's edits: version checks in transactions, upserts of profile rows",
    covers: ['profile-write.repository', 'link.repository', 'opening-hours.repository', 'settings.repository'],
  },
  'tests/http/owner-identity.test.ts': {
    reason: 'identity fields at their longest (varchar limits hold on PostgreSQL only)',
    covers: ['customer-identity.repository'],
  },
  'tests/http/price-list-edit.test.ts': {
    reason: 'price list rows: returned ids, positions, upserts of the list, the longest values',
    covers: ['price-list.repository', 'price-list-read.repository'],
  },
  'tests/http/price-list-languages.test.ts': {
    reason: "the price list, its PDF and the vCard per language: the owner's translations read per language",
    covers: ['translation.repository'],
  },
  'tests/http/team-page-languages.test.ts': {
    reason: "a company's team page per language: the team page's reads, cached and served per language",
    covers: ['team-page.repository'],
  },
  'tests/http/price-list-import.test.ts': {
    reason: 'price list import: rows replaced in one transaction with returned ids',
    covers: ['price-list-import.repository'],
  },
  'tests/http/price-list-import-languages.test.ts': {
    reason: 'translations written with the imported items in their transaction, found by the returned places',
    covers: ['price-list-import.repository', 'translation.repository'],
  },
  'tests/http/customers-csv.test.ts': {
    reason: 'the customer list as CSV: read a batch at a time, oldest first, every customer once',
    covers: ['customer.repository'],
  },
  'tests/http/export.test.ts': {
    reason: "a customer's data export: every table read a page at a time, dates as each database returns them",
    covers: ['print-kit.repository'],
  },
  'tests/http/customer-address-migrations.test.ts': {
    reason: 'migrations 0027 on both databases',
    covers: ['db'],
  },
  'tests/http/customer-search-backfill.test.ts': {
    reason: 'migrations 0028-0029 (search text and sort key backfill) on both databases',
    covers: ['db'],
  },
  'tests/http/administrator-roles-migration.test.ts': {
    reason: "migration 0031 (administrators.role and its check) on both databases, the last sahip's UPDATE",
    covers: ['db'],
  },
  'tests/http/customer-assignee-migration.test.ts': {
    reason: 'migration 0034 (customers.assignee_id, its reference and index) on both databases, ON DELETE SET NULL',
    covers: ['db'],
  },
  'tests/http/admin-assignment.test.ts': {
    reason: "assigned customers: the assignee scope in the list's, bulk's and loader's queries, the assignee's update",
    covers: ['customer-filter', 'customer.repository', 'customer-bulk.repository'],
  },
  'tests/http/admin-bulk-assign.test.ts': {
    reason: "bulk assignment: the assignee's UPDATE with IS DISTINCT-style conditions, RETURNING and its entry",
    covers: ['customer-bulk.repository', 'admin-activity.repository'],
  },
  'tests/http/admin-import-assignee.test.ts': {
    reason:
      "the import's sorumlu column: active administrators looked up by e-mail, the assignee written by createMany",
    covers: ['customer-batch.repository'],
  },
  'tests/http/administrator-team-migration.test.ts': {
    reason: 'migration 0032 (administrators.name, is_active, only_assigned, last_sign_in_at) on both databases',
    covers: ['db'],
  },
  'tests/http/admin-activity-role-migration.test.ts': {
    reason: 'migration 0036 (admin_activity.admin_role) on both databases, the role read in the entry transaction',
    covers: ['db', 'admin-activity.repository'],
  },
  'tests/http/admin-companies.test.ts': {
    reason: 'companies: one slug namespace across three tables, members moved in one transaction with their entry',
    covers: ['company.repository'],
  },
  'tests/http/slug-namespace-race.test.ts': {
    reason: 'a company and a customer claiming one slug at once: an advisory lock on PostgreSQL, one writer on SQLite',
    covers: ['company.repository', 'customer.repository'],
  },
  'tests/http/public-page-languages.test.ts': {
    reason: 'the public page per language: the held row of the fast path, translations read per render',
    covers: ['translation.repository', 'prepared-query'],
  },
  'tests/http/languages-migration.test.ts': {
    reason: 'migration 0040 (card languages, translations) and their repository on both databases',
    covers: ['translation.repository', 'db'],
  },
  'tests/http/card-code-batches.test.ts': {
    reason: 'two pools making card code batches at once: conflicts ignored and drawn again',
    covers: ['card-code.repository'],
  },
  'tests/http/card-codes.test.ts': {
    reason: 'card codes: batches inserted with conflicts ignored, assignments with history, the /k/ lookup (prepared)',
    covers: ['card-code.repository', 'card-code-view.repository'],
  },
  'tests/http/companies-migration.test.ts': {
    reason: 'migration 0037 (companies, customers.company_id set null on delete) on both databases',
    covers: ['db'],
  },
  'tests/http/company-exports.test.ts': {
    reason: "a company's card sheet and CSV: the members in scope read with the customers' identity rows",
    covers: ['company.repository', 'customer-batch.repository'],
  },
  'tests/http/admin-bulk-company.test.ts': {
    reason: "the list's company action: members joined or taken out of any company in one transaction with its entry",
    covers: ['company.repository', 'customer-bulk.repository'],
  },
  'tests/http/admin-import-company.test.ts': {
    reason: "the import's firma column: companies matched, made and joined in the import's transaction",
    covers: ['company.repository', 'customer-batch.repository'],
  },
  'tests/http/team-page.test.ts': {
    reason: "a company's team page: its state's aggregate query and prepared statement, its views' counters",
    covers: ['team-page.repository'],
  },
  'tests/http/company-translations.test.ts': {
    reason: "a company template's translations upserted with every member's version raised, dropped with a link",
    covers: ['translation.repository', 'company-template.repository'],
  },
  'tests/http/company-template.test.ts': {
    reason: 'a company template saved with every member’s version raised in one UPDATE, read joined into each profile',
    covers: ['company-template.repository'],
  },
  'tests/http/company-template-hours.test.ts': {
    reason:
      'a company’s hours saved with its lock and every member’s version raised, read joined over the member’s own',
    covers: ['company-template.repository', 'opening-hours.repository'],
  },
  'tests/http/company-template-look.test.ts': {
    reason:
      'a company’s background, cover and locks saved with every member’s version raised, read joined over their own',
    covers: ['company-template.repository', 'profile.repository'],
  },
  'tests/http/owner-hours-company-default.test.ts': {
    reason: 'a member’s own hours and their company’s default ones read joined, the own row deleted with the version',
    covers: ['opening-hours.repository'],
  },
  'tests/http/company-link-clicks.test.ts': {
    reason: 'migration 0042 and taps on shared links added to per-day counters (upsert), summed per link for 30 days',
    covers: ['click.repository', 'company-template.repository'],
  },
  'tests/http/company-locked-fields.test.ts': {
    reason: 'a member’s own profile read joined with the company’s locks, every write path refused in its transaction',
    covers: ['profile.repository', 'customer-identity.repository'],
  },
  'tests/http/security-policy-migration.test.ts': {
    reason: 'migration 0035 (security_policy: one row, upserted) on both databases',
    covers: ['db'],
  },
  'tests/http/admin-invitations-migration.test.ts': {
    reason: 'migration 0033 (admin_invitations: unique token hash, inviter set null on delete) on both databases',
    covers: ['db'],
  },
  'tests/http/messages-seen-migration.test.ts': {
    reason: 'migration 0008 (seen marks backfill) on both databases',
    covers: ['db'],
  },
  'tests/http/price-list-schema.test.ts': {
    reason: 'the price list tables and constraints as migrated on both databases',
    covers: ['db'],
  },
  'tests/security/text-fields.test.ts': {
    reason: 'text at and past its limits: varchar limits hold on PostgreSQL only',
    covers: [],
  },
  'tests/security/tokens-and-ids.test.ts': {
    reason: 'tokens in other cases and ids of another customer or no number looked up, NUL bytes',
    covers: [],
  },
  'tests/security/paths-and-slugs.test.ts': {
    reason: 'paths and slugs with NUL bytes and odd spellings looked up',
    covers: [],
  },
  'tests/security/password-reset.test.ts': {
    reason: 'reset tokens with NUL bytes and malformed values looked up',
    covers: ['password-reset.repository'],
  },
  'tests/security/urls.test.ts': {
    reason: 'addresses with NUL bytes stored or refused',
    covers: [],
  },
  'tests/security/css-and-animation.test.ts': {
    reason: 'style values with NUL bytes stored or refused',
    covers: [],
  },
};

/** Files under tests/http or tests/security that never run on PostgreSQL, though they touch the database directly. */
export const SQLITE_ONLY: Record<string, string> = {
  'tests/http/backup.test.ts':
    'archives of the SQLite file; PostgreSQL is backed up with pg_dump (that refusal is tested there)',
};
