import type { Customer } from '../repositories/customer.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import { NotFoundError } from '../errors.js';
import type { ProfileBundle } from '../presenters/profile-page.js';

/** Reads everything a public profile shows. */
export class ProfileService {
  constructor(private readonly profiles: ProfileRepository) {}

  async bundle(customer: Customer): Promise<ProfileBundle> {
    const [profile, contactButtons, socialLinks, iban] = await Promise.all([
      this.profiles.findProfile(customer.id),
      this.profiles.contactButtons(customer.id),
      this.profiles.socialLinks(customer.id),
      this.profiles.iban(customer.id),
    ]);
    if (!profile) throw new NotFoundError('Profil bulunamadı');
    return { customer, profile, contactButtons, socialLinks, iban };
  }
}
