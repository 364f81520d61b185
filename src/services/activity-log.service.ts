import type { Knex } from 'knex';
import type { Logger } from '../logger.js';
import { administratorEmail } from '../domain/admin-email.js';
import {
  EDIT_LINK_NOTIFICATIONS_RESET,
  type ActivityAction,
  type ActivityActor,
  type BulkActivityAction,
  type ActivityCustomer,
  type ActivityEntry,
  type NewActivity,
} from '../domain/admin-activity.js';
import type {
  ActivityCursor,
  ActivityFilter,
  ActivityMember,
  ActivityPage,
  AdminActivityRepository,
} from '../repositories/admin-activity.repository.js';

/** What a page of the log is asked for with, as the activity page's controller reads it from the query. */
export type { ActivityCursor, ActivityFilter };

export const ACTIVITY_PER_PAGE = 50;
/** The customer page's own history. */
export const CUSTOMER_HISTORY_SIZE = 10;
/** An import's or a bulk action's customers on its entry's page. */
export const ENTRY_CUSTOMERS_PER_PAGE = 100;

/**
 * The activity log (docs/product.md, Activity log): one method per kind of thing an
 * administrator does, called right after the change succeeded. A failure to record is logged
 * and swallowed: the administrator's change is already made and must not turn into an error
 * page (docs/architecture.md, Activity log). `record` with a transaction is for a change that
 * wants its entries in its own transaction (bulk actions); that one does throw.
 */
export class ActivityLog {
  constructor(
    private readonly entries: AdminActivityRepository,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  async record(activities: readonly NewActivity[], trx?: Knex): Promise<void> {
    if (activities.length === 0) return;
    if (trx) {
      await this.entries.insert(activities, this.now(), trx);
      return;
    }
    try {
      await this.entries.insert(activities, this.now());
    } catch (err) {
      this.logger.error(
        { err, actions: [...new Set(activities.map((a) => a.action))] },
        'activity could not be recorded',
      );
    }
  }

  private one(
    action: ActivityAction,
    actor: ActivityActor,
    customer?: ActivityCustomer,
    detail?: NewActivity['detail'],
  ): Promise<void> {
    return this.record([{ action, actor, customer, detail }]);
  }

  /**
   * A bulk action on many customers at once, in the action's transaction (it throws): one entry
   * with the count (and whom they were assigned to), its customers listed apart, so 12,000 of them are one entry in
   * the log.
   */
  bulkAction(
    action: BulkActivityAction,
    actor: ActivityActor,
    customers: readonly ActivityCustomer[],
    trx: Knex,
    to?: string,
  ): Promise<void> {
    if (customers.length === 0) return Promise.resolve();
    return this.entries.insertForMany(
      { action, actor, detail: { count: customers.length, to } },
      customers,
      this.now(),
      trx,
    );
  }

  /**
   * A request the administrator's role may not make (docs/product.md, Administrators and roles): its method and
   * path, never a query string or a body.
   */
  forbiddenAttempt(actor: ActivityActor, method: string, path: string): Promise<void> {
    return this.one('forbidden_attempt', actor, undefined, { from: method, to: path });
  }

  /**
   * The team page (docs/product.md, Administrators and roles): `actor` gave the administrator of `email` a new role
   * (`editor-atanan`: an editor of only their assigned customers).
   */
  roleChanged(actor: ActivityActor, email: string, role: string): Promise<void> {
    return this.one('admin_role_changed', actor, undefined, { from: email, to: role });
  }

  /** `actor` assigned `customer` to the administrator of `email`, or to nobody (null). */
  assigneeChanged(actor: ActivityActor, customer: ActivityCustomer, email: string | null): Promise<void> {
    return this.one('customer_assignee_changed', actor, customer, email === null ? {} : { to: email });
  }

  /** `actor` made the company of `slug` (docs/product.md, Companies). */
  companyCreated(actor: ActivityActor, slug: string): Promise<void> {
    return this.one('company_created', actor, undefined, { to: slug });
  }

  /** `actor` saved the template (or the shared links) of the company named `name`. */
  companyTemplateSaved(actor: ActivityActor, name: string): Promise<void> {
    return this.one('company_template_saved', actor, undefined, { to: name });
  }

  /** `actor` made a batch of `count` card codes labelled `label` (docs/product.md, Card codes). */
  cardCodesCreated(actor: ActivityActor, count: number, label: string): Promise<void> {
    return this.one('card_codes_created', actor, undefined, { count, to: label });
  }

  /** `actor` pointed the card code `code` at `customer`, or took it off `customer` (unassigned). */
  cardCodeChanged(actor: ActivityActor, customer: ActivityCustomer, code: string, assigned: boolean): Promise<void> {
    return this.one(assigned ? 'card_code_assigned' : 'card_code_unassigned', actor, customer, { from: code });
  }

  /** `actor` put `customer` in the company of `slug`, or in none (null). */
  customerCompanyChanged(actor: ActivityActor, customer: ActivityCustomer, slug: string | null): Promise<void> {
    return this.one('customer_company_changed', actor, customer, slug === null ? {} : { to: slug });
  }

  /** `actor` deactivated or activated the administrator of `email`. */
  administratorActiveChanged(actor: ActivityActor, email: string, active: boolean): Promise<void> {
    return this.one(active ? 'admin_activated' : 'admin_deactivated', actor, undefined, { from: email });
  }

  /** `actor` invited `email` as `role` (as roleChanged records it), or took an open invitation back. */
  administratorInvited(actor: ActivityActor, email: string, role: string): Promise<void> {
    return this.one('admin_invited', actor, undefined, { from: email, to: role });
  }

  invitationRevoked(actor: ActivityActor, email: string): Promise<void> {
    return this.one('admin_invitation_revoked', actor, undefined, { from: email });
  }

  /** The invitee became an administrator (`actor`, themselves) through their invitation. */
  invitationAccepted(actor: ActivityActor): Promise<void> {
    return this.one('admin_invitation_accepted', actor);
  }

  signedIn(actor: ActivityActor): Promise<void> {
    return this.one('sign_in', actor);
  }

  /**
   * A wrong password or a wrong second-factor code. Whoever tried is unknown; the account tried is
   * kept (normalised, domain/admin-email.ts) only when it is an administrator's: anything else typed into the
   * e-mail field may be a password typed one field too early (docs/product.md, Activity log).
   */
  async signInFailed(typedEmail: unknown, step: 'password' | 'code'): Promise<void> {
    const email = administratorEmail(typedEmail);
    let account: string | null = null;
    try {
      account = email && (await this.entries.isAdministrator(email)) ? email : null;
    } catch (err) {
      this.logger.error({ err }, 'activity could not be recorded');
      return;
    }
    await this.one('sign_in_failed', { id: null, email: null }, undefined, {
      from: step,
      ...(account ? { to: account } : {}),
    });
  }

  signedOut(actor: ActivityActor): Promise<void> {
    return this.one('sign_out', actor);
  }

  customerCreated(actor: ActivityActor, customer: ActivityCustomer): Promise<void> {
    return this.one('customer_created', actor, customer);
  }

  /** One entry for the import with its count and its id (the result page lists them), its customers listed apart. */
  async customersImported(
    actor: ActivityActor,
    importId: string,
    customers: readonly ActivityCustomer[],
  ): Promise<void> {
    try {
      await this.entries.insertForMany(
        { action: 'customers_imported', actor, detail: { count: customers.length, to: importId } },
        customers,
        this.now(),
      );
    } catch (err) {
      this.logger.error({ err, actions: ['customers_imported'] }, 'activity could not be recorded');
    }
  }

  /** An entry, and the customers it names after a customer id (its own page, 100 at a time). */
  entry(id: number): Promise<ActivityEntry | null> {
    return this.entries.find(id);
  }

  customersOf(activityId: number, afterCustomerId: number): Promise<ActivityMember[]> {
    return this.entries.customersOf(activityId, afterCustomerId, ENTRY_CUSTOMERS_PER_PAGE + 1);
  }

  customerEdited(actor: ActivityActor, customer: ActivityCustomer): Promise<void> {
    return this.one('customer_edited', actor, customer);
  }

  /** `customer` as it was named before; the detail is the old and the new address. */
  slugChanged(actor: ActivityActor, customer: ActivityCustomer, newSlug: string): Promise<void> {
    return this.one('slug_changed', actor, customer, { from: customer.slug, to: newSlug });
  }

  statusChanged(actor: ActivityActor, customer: ActivityCustomer, isActive: boolean): Promise<void> {
    return this.one(isActive ? 'customer_activated' : 'customer_deactivated', actor, customer);
  }

  customerDeleted(actor: ActivityActor, customer: ActivityCustomer): Promise<void> {
    return this.one('customer_deleted', actor, customer);
  }

  /** `notificationsReset`: the owner's notification address went with the old link (detail `to`). */
  editLinkReplaced(actor: ActivityActor, customer: ActivityCustomer, notificationsReset = false): Promise<void> {
    return this.one(
      'edit_link_replaced',
      actor,
      customer,
      notificationsReset ? { to: EDIT_LINK_NOTIFICATIONS_RESET } : undefined,
    );
  }

  brandChanged(actor: ActivityActor, cleared: boolean): Promise<void> {
    return this.one(cleared ? 'brand_cleared' : 'brand_changed', actor);
  }

  secondFactorChanged(actor: ActivityActor, on: boolean): Promise<void> {
    return this.one(on ? 'second_factor_on' : 'second_factor_off', actor);
  }

  /** The agency's rule "ikinci adım zorunlu" turned on or off. */
  secondFactorRuleChanged(actor: ActivityActor, on: boolean): Promise<void> {
    return this.one(on ? 'second_factor_rule_on' : 'second_factor_rule_off', actor);
  }

  recoveryCodesRenewed(actor: ActivityActor): Promise<void> {
    return this.one('recovery_codes_renewed', actor);
  }

  passwordChanged(actor: ActivityActor): Promise<void> {
    return this.one('password_changed', actor);
  }

  /** "Şifremi unuttum": the administrator whose link it was, signed out at the time. */
  passwordReset(actor: ActivityActor): Promise<void> {
    return this.one('password_reset', actor);
  }

  customerExported(actor: ActivityActor, customer: ActivityCustomer): Promise<void> {
    return this.one('customer_exported', actor, customer);
  }

  /** customers.csv: `count` listed customers, or every one (null). */
  customersCsvExported(actor: ActivityActor, count: number | null): Promise<void> {
    return this.one('customers_csv_exported', actor, undefined, count === null ? undefined : { count });
  }

  printKitDownloaded(actor: ActivityActor, customer: ActivityCustomer, format: string): Promise<void> {
    return this.one('print_kit_downloaded', actor, customer, { to: format });
  }

  printSheetDownloaded(actor: ActivityActor, count: number): Promise<void> {
    return this.one('print_sheet_downloaded', actor, undefined, { count });
  }

  /** A CSV imported into the customer's price list from the customer page: `count` items. */
  priceListImported(actor: ActivityActor, customer: ActivityCustomer, count: number): Promise<void> {
    return this.one('price_list_imported', actor, customer, { count });
  }

  page(filter: ActivityFilter, cursor: ActivityCursor): Promise<ActivityPage> {
    return this.entries.page(filter, cursor, ACTIVITY_PER_PAGE);
  }

  async ofCustomer(customerId: number): Promise<ActivityEntry[]> {
    return (await this.entries.page({ customerId }, null, CUSTOMER_HISTORY_SIZE)).entries;
  }

  administrators(): Promise<Array<{ id: number; email: string }>> {
    return this.entries.administrators();
  }
}
