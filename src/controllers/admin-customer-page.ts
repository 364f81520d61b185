import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { actingRole } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { roleAllows } from '../domain/admin-role.js';
import { originOf } from '../http/urls.js';
import { editUrl, publicProfileUrl, taggedProfileUrl } from '../domain/profile-urls.js';
import { editLinkShare } from '../domain/share-links.js';
import { activityView } from '../presenters/activity-entries.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { CardCode } from '../services/card-code.service.js';
import type { CompanyService } from '../services/company.service.js';
import type { CustomerFeaturesService } from '../services/customer-features.service.js';
import type { CustomerIdentityService } from '../services/customer-identity.service.js';
import type { CustomerService } from '../services/customer.service.js';
import { notificationRecipientView } from '../presenters/notification-recipient.js';
import type { SlugAddressService } from '../services/slug-address.service.js';
import { assigneeLabel, assigneeOptions } from '../presenters/assignee-options.js';

/** What was typed, as strings, to fill a refused form again. */
export function typedValues(body: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [k, (v as string).slice(0, 1024)]),
  );
}

/**
 * The administrator's customer page (docs/product.md, Administrator), shared by the controllers
 * whose forms sit on it: shown, or shown again with one form's refusal and what was typed
 * (`forms`, the locals that form's partial reads).
 */
export class AdminCustomerPage {
  constructor(
    private readonly customers: CustomerService,
    private readonly addresses: SlugAddressService,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
    private readonly identities: CustomerIdentityService,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
    /** The price list's item count and where the card's e-mails go. */
    private readonly features: CustomerFeaturesService,
    /** The companies the customer may work at (docs/product.md, Companies). */
    private readonly companies: CompanyService,
    /** The card codes that open the card (docs/product.md, Card codes). */
    private readonly codes: { codesOf(customerId: number): Promise<CardCode[]> },
  ) {}

  async render(req: Request, res: Response, status = 200, forms: Record<string, unknown> = {}): Promise<void> {
    const customer = loadedCustomer(req);
    const origin = originOf(req, this.config.baseUrl);
    const edit = editUrl(origin, customer.editToken);
    const publicUrl = publicProfileUrl(origin, customer.slug);
    const [{ phone, email }, oldSlugs, identity, history, priceListItems, notifications, admins, companies, codes] =
      await Promise.all([
        this.customers.contact(customer.id),
        this.addresses.oldSlugsOf(customer.id),
        this.identities.values(customer),
        this.activity.ofCustomer(customer.id),
        this.features.priceListItems(customer.id),
        this.features.notificationSettings(customer.id),
        this.customers.assigneeChoices(),
        this.companies.choicesFor(customer.id),
        this.codes.codesOf(customer.id),
      ]);
    const assignee = admins.find((admin) => admin.id === customer.assigneeId);
    res.status(status).render('admin/customer', {
      title: `${customer.name} ${customer.surname}`,
      customer,
      created: req.query.created === '1',
      publicUrl,
      nfcUrl: taggedProfileUrl(origin, customer.slug, 'nfc'),
      editUrl: edit,
      // The owner knows the page by the agency's brand when one is set (res.locals.brand, brandLocals).
      share: editLinkShare({
        name: customer.name,
        publicUrl,
        editUrl: edit,
        phone,
        email,
        product: (res.locals.brand as { name?: string } | undefined)?.name,
      }),
      oldSlugs,
      // Its own last entries of the activity log (views/admin/customer-activity.ejs).
      history: activityView(history, this.now(), this.config.timeZone),
      timeZone: this.config.timeZone,
      priceListItems,
      notificationRecipient: notificationRecipientView(notifications),
      // The name and business form (views/admin/customer-identity.ejs) with what is saved, unless `forms` has it
      // refused.
      identityForm: { values: identity.values, errors: {} },
      // The fields the customer's company locked, shown read-only with the company's value.
      identityLocks: identity.locked,
      // Whose customer it is (views/admin/customer-assignee.ejs): shown once there is a team, changed by a yonetici.
      assignment: {
        shown: admins.length > 1,
        current: assignee ? assigneeLabel(assignee) : null,
        canAssign: roleAllows(actingRole(res), 'yonetici'),
        choices: assigneeOptions(admins, 'active'),
      },
      assigneeForm: { value: customer.assigneeId === null ? '' : String(customer.assigneeId), error: null },
      // The company it works at (views/admin/customer-company.ejs): shown once a company exists.
      companyChoice: {
        shown: companies.companies.length > 0,
        current: companies.companies.find((company) => company.id === companies.currentId) ?? null,
        choices: companies.companies.map(({ id, name, slug }) => ({ id, label: `${name} (/${slug})` })),
      },
      companyForm: { value: companies.currentId === null ? '' : String(companies.currentId), error: null },
      // The card codes that open it (views/admin/customer-codes.ejs), and the field to attach one.
      cardCodes: codes.map((c) => ({ code: c.code, kind: c.kind === 'nfc' ? 'NFC' : 'QR' })),
      codeForm: { value: '', error: null },
      ...forms,
    });
  }
}
