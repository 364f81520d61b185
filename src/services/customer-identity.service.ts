import { ValidationError } from '../errors.js';
import { isTemplateField, lockedFieldErrors } from '../domain/company-template.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { CustomerIdentityRepository } from '../repositories/customer-identity.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import { parseNewCustomer } from '../validation/customer.validation.js';
import { IDENTITY_FIELDS, parseIdentityFields, type IdentityField } from '../validation/identity.validation.js';

/** The customer page's identity form, by its field names: the name, then the business on the card. */
export const CUSTOMER_IDENTITY_FIELDS = ['name', 'surname', ...IDENTITY_FIELDS] as const;
export type CustomerIdentityValues = Record<(typeof CUSTOMER_IDENTITY_FIELDS)[number], string>;

type Form = Readonly<Record<string, unknown>>;

/** The identity fields a company's template locks, each with the company's value. */
export type LockedIdentityFields = Partial<Record<IdentityField, string>>;

/** Runs a check; its field errors join `errors` so the form shows every problem at once. */
function collect<T>(errors: Record<string, string>, check: () => T): T | null {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.fields);
    return null;
  }
}

/**
 * The administrator's corrections of a customer: the name, checked as at creation, and the business on
 * the card, checked as in the owner's form (docs/product.md, The business on the card). The slug stays.
 */
export class CustomerIdentityService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly identities: CustomerIdentityRepository,
    private readonly now: () => number,
  ) {}

  /**
   * What the form shows: the saved values, empty strings for the fields not given; and the fields the customer's
   * company locked, each with the company's value (docs/product.md, Companies), which the form shows read-only.
   */
  async values(customer: Customer): Promise<{ values: CustomerIdentityValues; locked: LockedIdentityFields }> {
    const profile = await this.profiles.findOwnProfile(customer.id);
    const saved: Record<IdentityField, string | null | undefined> = {
      company: profile?.company,
      title: profile?.title,
      address_line: profile?.addressLine,
      district: profile?.district,
      city: profile?.city,
      postal_code: profile?.postalCode,
    };
    const identity = Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, saved[field] ?? '']));
    const template = profile?.template;
    const locked = template
      ? Object.fromEntries(
          IDENTITY_FIELDS.flatMap((field) =>
            isTemplateField(field) && template.locked.has(field) ? [[field, template.values[field] ?? '']] : [],
          ),
        )
      : {};
    return {
      values: { name: customer.name, surname: customer.surname, ...identity } as CustomerIdentityValues,
      locked,
    };
  }

  /** Checks the whole form first: a refused one is a ValidationError and writes nothing. */
  async update(customer: Customer, form: Form): Promise<void> {
    const errors: Record<string, string> = {};
    const name = collect(errors, () => parseNewCustomer(form));
    const identity = collect(errors, () => parseIdentityFields(form));
    if (!name || !identity) throw new ValidationError(errors);
    // A field the customer's company locked is refused, and with it the whole form (docs/product.md, Companies).
    const own = await this.profiles.findOwnProfile(customer.id);
    const locked = own ? lockedFieldErrors(identity, own) : {};
    if (Object.keys(locked).length > 0) throw new ValidationError(locked);
    await this.identities.save(customer.id, name, identity, this.now());
  }
}
