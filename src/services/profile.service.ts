import type { Customer } from '../repositories/customer.repository.js';
import type { Profile, ProfileRepository, SocialLink } from '../repositories/profile.repository.js';
import { NotFoundError } from '../errors.js';
import type { ProfileBundle } from '../presenters/profile-page.js';
import type { ZonedOpeningHours } from '../domain/opening-hours.js';
import type { PriceListKind } from '../repositories/price-list-read.repository.js';

/** A social link as the owner's forms get it. */
export type { SocialLink };

/** Reads everything a public profile shows. */
export class ProfileService {
  constructor(
    private readonly profiles: ProfileRepository,
    /** Whether the page links a price list, and of which kind (docs/product.md, Price list). */
    private readonly priceLists: { publishedKind(customerId: number): Promise<PriceListKind | null> } = {
      publishedKind: async () => null,
    },
    /** The opening hours the page shows (docs/product.md, Opening hours). */
    private readonly openingHours: { find(customerId: number): Promise<ZonedOpeningHours | null> } = {
      find: async () => null,
    },
  ) {}

  async bundle(customer: Customer): Promise<ProfileBundle> {
    const [profile, contactButtons, links, iban, priceList, openingHours] = await Promise.all([
      this.profiles.findProfile(customer.id),
      this.profiles.contactButtons(customer.id),
      this.publicLinks(customer.id),
      this.profiles.iban(customer.id),
      this.priceLists.publishedKind(customer.id),
      this.openingHours.find(customer.id),
    ]);
    if (!profile) throw new NotFoundError('Profil bulunamadı');
    return { customer, profile, contactButtons, socialLinks: links, iban, priceList, openingHours };
  }

  /**
   * The owner's editor: the page as visitors see it (`bundle`), and beside it the member's own values and own links,
   * which its forms show and edit (a company's values are never copied into them).
   */
  async editorBundle(customer: Customer): Promise<{ bundle: ProfileBundle; own: Profile; ownLinks: SocialLink[] }> {
    const [bundle, own, ownLinks] = await Promise.all([
      this.bundle(customer),
      this.profiles.findOwnProfile(customer.id),
      this.profiles.socialLinks(customer.id),
    ]);
    if (!own) throw new NotFoundError('Profil bulunamadı');
    return { bundle, own, ownLinks };
  }

  /** The company's shared links first, then the customer's own (docs/product.md, Companies). */
  private async publicLinks(customerId: number): Promise<SocialLink[]> {
    const [shared, own] = await Promise.all([
      this.profiles.companyLinks(customerId),
      this.profiles.socialLinks(customerId),
    ]);
    return [...shared, ...own];
  }

  /**
   * What the page's vCard is made of: null unless the page shows its "add contact" button; `profile` null when the
   * customer has none.
   */
  async contactCard(customerId: number): Promise<{ profile: Profile | null; links: SocialLink[] } | null> {
    const buttons = await this.profiles.contactButtons(customerId);
    if (!buttons.some((b) => b.type === 'add_contact' && b.isVisible)) return null;
    const profile = await this.profiles.findProfile(customerId);
    return { profile, links: profile ? await this.publicLinks(customerId) : [] };
  }
}
