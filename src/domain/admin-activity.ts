/**
 * The activity log's vocabulary (docs/product.md, Activity log): the fixed list of what an
 * administrator can be seen doing, and the only fields an entry has. There is no free-form
 * field, so no password, token, code, secret or edit link can be written into one.
 */
export const ACTIVITY_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'customer_created',
  'customers_imported',
  'customer_imported',
  'customer_edited',
  'slug_changed',
  'customer_activated',
  'customer_deactivated',
  'customer_deleted',
  'customers_activated',
  'customers_deactivated',
  'customers_deleted',
  'edit_link_replaced',
  'brand_changed',
  'brand_cleared',
  'second_factor_on',
  'second_factor_off',
  'recovery_codes_renewed',
  'password_changed',
  'password_reset',
  'customer_exported',
  'customers_csv_exported',
  'print_kit_downloaded',
  'print_sheet_downloaded',
  'price_list_imported',
  'forbidden_attempt',
  'admin_role_changed',
  'admin_deactivated',
  'admin_activated',
  'admin_invited',
  'admin_invitation_revoked',
  'admin_invitation_accepted',
  'second_factor_rule_on',
  'second_factor_rule_off',
  'customer_assignee_changed',
  'customers_assigned',
  'company_created',
  'company_members_added',
  'company_members_removed',
  'customer_company_changed',
  'company_template_saved',
  'card_codes_created',
  'card_code_assigned',
  'card_code_unassigned',
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * A bulk action: one entry with its count, its customers listed apart (admin_activity_customers).
 * `customer_imported` and the single actions on each customer were how imports and bulk actions
 * read before; those entries stay as they are.
 */
export type BulkActivityAction =
  | 'customers_activated'
  | 'customers_deactivated'
  | 'customers_assigned'
  | 'customers_deleted'
  | 'company_members_added'
  | 'company_members_removed';

export function isActivityAction(value: string): value is ActivityAction {
  return (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/** Who did it: the administrator's id and e-mail at the time; a failed sign-in may have neither. */
export interface ActivityActor {
  readonly id: number | null;
  readonly email: string | null;
}

/** Which customer, as it was named and addressed at the time. */
export interface ActivityCustomer {
  readonly id: number;
  readonly name: string;
  readonly surname: string;
  readonly slug: string;
}

/** A count (an import, a sheet, a CSV) or a change from one value to another (an address, a print format). */
export interface ActivityDetail {
  readonly count?: number;
  readonly from?: string;
  readonly to?: string;
}

/** The detail `to` of an edit link replaced along with the owner's notification address. */
export const EDIT_LINK_NOTIFICATIONS_RESET = 'notifications_reset';

export interface NewActivity {
  readonly action: ActivityAction;
  readonly actor: ActivityActor;
  readonly customer?: ActivityCustomer;
  readonly detail?: ActivityDetail;
}

/** An entry as read back. */
export interface ActivityEntry {
  readonly id: number;
  readonly createdAt: number;
  readonly action: ActivityAction;
  readonly adminId: number | null;
  readonly adminEmail: string | null;
  /** Their role then (`sahip`, `yonetici`, `editor`, `editor-atanan`); none for entries from before roles. */
  readonly adminRole: string | null;
  readonly customerId: number | null;
  readonly customerName: string | null;
  readonly customerSlug: string | null;
  readonly count: number | null;
  readonly from: string | null;
  readonly to: string | null;
  /** Whether the customer is still there (a deleted one is named, not linked). */
  readonly customerLive: boolean;
}
