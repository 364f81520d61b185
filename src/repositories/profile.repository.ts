import type { Knex } from 'knex';
import type { ContactButtonType } from '../domain/contact-buttons.js';
import { applyTemplate, type CompanyTemplate } from '../domain/company-template.js';
import { companyLinkAsSocial, templateFromRow, templateSelect } from './company-template.repository.js';
import { toBool, toInt } from './rows.js';

export interface Profile {
  customerId: number;
  isProfileVisible: boolean;
  isPhoneVisible: boolean;
  isEmailVisible: boolean;
  isWebsiteVisible: boolean;
  backgroundType: string;
  backgroundValue: string;
  bio: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** The business on the card (docs/product.md, The business on the card); null when not given. */
  company: string | null;
  title: string | null;
  addressLine: string | null;
  district: string | null;
  city: string | null;
  postalCode: string | null;
  /** Public path of the stored 400x400 JPEG (`/uploads/{customerId}/...`), or null. */
  profilePhoto: string | null;
  /**
   * Cover encoding (docs/product.md, Backgrounds and covers): `color:...`, an image path or URL, ... or null for the
   * default.
   */
  coverPhoto: string | null;
  showNameOnCover: boolean;
  darkMode: boolean;
  updatedAt: number;
  /** The template of the member's company (docs/product.md, Companies); null or absent, none. */
  template?: CompanyTemplate | null;
}

export interface ContactButton {
  id: number;
  type: ContactButtonType;
  isVisible: boolean;
}

export interface SocialLink {
  id: number;
  customerId: number;
  platform: string;
  /** Stored value: a normalised URL, or `IBAN|holder`, `ssid|password`, an address, `/uploads/...` (catalog file). */
  url: string;
  label: string;
  icon: string | null;
  isVisible: boolean;
  orderIndex: number;
}

export interface IbanInfo {
  iban: string;
  accountHolder: string;
  isVisible: boolean;
}

function toProfile(row: Record<string, unknown>): Profile {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    customerId: toInt(row.customer_id),
    isProfileVisible: toBool(row.is_profile_visible),
    isPhoneVisible: toBool(row.is_phone_visible),
    isEmailVisible: toBool(row.is_email_visible),
    isWebsiteVisible: toBool(row.is_website_visible),
    backgroundType: String(row.background_type ?? 'color'),
    backgroundValue: String(row.background_value ?? ''),
    bio: text(row.bio),
    phone: text(row.phone),
    email: text(row.email),
    website: text(row.website),
    company: text(row.company),
    title: text(row.title),
    addressLine: text(row.address_line),
    district: text(row.district),
    city: text(row.city),
    postalCode: text(row.postal_code),
    profilePhoto: text(row.profile_photo),
    coverPhoto: text(row.cover_photo),
    showNameOnCover: toBool(row.show_name_on_cover),
    darkMode: toBool(row.dark_mode),
    updatedAt: toInt(row.updated_at),
  };
}

export function toSocialLink(row: Record<string, unknown>): SocialLink {
  return {
    id: toInt(row.id),
    customerId: toInt(row.customer_id),
    platform: String(row.platform),
    url: String(row.url),
    label: String(row.label),
    icon: row.icon === null || row.icon === undefined || row.icon === '' ? null : String(row.icon),
    isVisible: toBool(row.is_visible),
    orderIndex: toInt(row.order_index),
  };
}

/** The prefix of the company template's columns read beside a profile. */
const TEMPLATE_PREFIX = 'tpl_';

export class ProfileRepository {
  constructor(private readonly db: Knex) {}

  /**
   * The profile as every public reader shows it: a company member's own values with the company's template over them
   * (domain/company-template.ts, applyTemplate).
   */
  async findProfile(customerId: number): Promise<Profile | null> {
    const own = await this.findOwnProfile(customerId);
    return own ? applyTemplate(own, own.template ?? null) : null;
  }

  /**
   * The member's own values, with their company's template beside them: what the owner's and the administrator's
   * forms show and write, so saving never copies a company's value into the member's fields.
   */
  async findOwnProfile(customerId: number): Promise<Profile | null> {
    const row = await this.db('customer_profiles')
      .leftJoin('customers', 'customers.id', 'customer_profiles.customer_id')
      .leftJoin('companies', 'companies.id', 'customers.company_id')
      .select('customer_profiles.*', templateSelect(TEMPLATE_PREFIX))
      .where('customer_profiles.customer_id', customerId)
      .first();
    return row ? { ...toProfile(row), template: templateFromRow(row, TEMPLATE_PREFIX) } : null;
  }

  /** The visible shared links of the customer's company, in order: shown before the customer's own. */
  async companyLinks(customerId: number): Promise<SocialLink[]> {
    const rows: Array<Record<string, unknown>> = await this.db('company_links')
      .join('customers', 'customers.company_id', 'company_links.company_id')
      .where('customers.id', customerId)
      .where('company_links.is_visible', true)
      .select('company_links.*')
      .orderBy([{ column: 'company_links.order_index' }, { column: 'company_links.id' }]);
    return rows.map((row) => companyLinkAsSocial(row, customerId));
  }

  async contactButtons(customerId: number): Promise<ContactButton[]> {
    const rows = await this.db('contact_buttons').where({ customer_id: customerId }).orderBy('id');
    return rows.map((row: Record<string, unknown>) => ({
      id: toInt(row.id),
      type: String(row.type) as ContactButtonType,
      isVisible: toBool(row.is_visible),
    }));
  }

  /** Every link of the customer in `order_index` order (hidden ones too; callers filter). */
  async socialLinks(customerId: number): Promise<SocialLink[]> {
    const rows = await this.db('social_links')
      .where({ customer_id: customerId })
      .orderBy([{ column: 'order_index' }, { column: 'id' }]);
    return rows.map(toSocialLink);
  }

  async findLink(customerId: number, linkId: number): Promise<SocialLink | null> {
    const row = await this.db('social_links').where({ customer_id: customerId, id: linkId }).first();
    return row ? toSocialLink(row) : null;
  }

  /** Every uploaded file a row points to (`/uploads/...` paths), for the start-up orphan sweep. */
  async referencedUploads(): Promise<Set<string>> {
    // Every table that holds an upload's path belongs here: a file no row names is deleted at start.
    const [profiles, links, priceListPhotos, companies] = await Promise.all([
      this.db('customer_profiles').select('profile_photo', 'cover_photo', 'background_value'),
      this.db('social_links').where('url', 'like', '/uploads/%').select('url'),
      this.db('price_list_items').whereNotNull('photo_path').select('photo_path'),
      this.db('companies').select('logo_path', 'background_value', 'cover_photo'),
    ]);
    const paths = new Set<string>();
    for (const row of profiles as Array<Record<string, unknown>>) {
      for (const value of [row.profile_photo, row.cover_photo, row.background_value]) {
        if (typeof value === 'string' && value.startsWith('/uploads/')) paths.add(value);
      }
    }
    for (const row of links as Array<{ url: string }>) paths.add(row.url);
    for (const row of priceListPhotos as Array<{ photo_path: string }>) paths.add(row.photo_path);
    for (const row of companies as Array<Record<string, unknown>>) {
      for (const value of [row.logo_path, row.background_value, row.cover_photo]) {
        if (typeof value === 'string' && value.startsWith('/uploads/')) paths.add(value);
      }
    }
    return paths;
  }

  async iban(customerId: number): Promise<IbanInfo | null> {
    const row = await this.db('iban_info').where({ customer_id: customerId }).first();
    return row
      ? { iban: String(row.iban), accountHolder: String(row.account_holder), isVisible: toBool(row.is_visible) }
      : null;
  }
}
