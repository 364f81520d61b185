import { ValidationError } from '../errors.js';
import { typedSlugCandidates } from '../domain/slug.js';
import type { SlugRedirectRepository } from '../repositories/slug-redirect.repository.js';

export const messages = {
  unchanged: 'Bu zaten müşterinin şu anki adresi.',
  takenNow: 'Bu adres başka bir müşterinin profil adresi; başka bir adres seçin.',
  takenBefore: 'Bu adres başka bir müşterinin eski adresi ve hâlâ onun sayfasına yönleniyor; başka bir adres seçin.',
  /** Company and customer slugs share one namespace (docs/product.md, Companies). */
  takenByAny: 'Bu adres başka bir müşteri ya da firma tarafından kullanılıyor.',
} as const;

/**
 * A customer's public addresses (docs/product.md, Public page and Administrator): which current
 * address another spelling or an old address leads to, and the administrator's change of address,
 * after which the old one leads to the new one for good and is never given to anyone else.
 */
export class SlugAddressService {
  constructor(
    private readonly addresses: SlugRedirectRepository,
    private readonly now: () => number,
  ) {}

  /**
   * The current slug `segment` (a path segment as typed, already tried as it is) leads to, or
   * null when it leads nowhere else. Asked only on a miss, so a page found at once costs nothing.
   */
  async currentSlugFor(segment: string): Promise<string | null> {
    for (const candidate of typedSlugCandidates(segment)) {
      const current = await this.addresses.currentSlugOf(candidate);
      if (current && current !== segment) return current;
    }
    return null;
  }

  oldSlugsOf(customerId: number): Promise<string[]> {
    return this.addresses.oldSlugsOf(customerId);
  }

  /** Moves the customer to `newSlug` (checked by parseNewSlug); a slug someone holds is a ValidationError on `slug`. */
  async change(customerId: number, newSlug: string): Promise<void> {
    const holder = await this.addresses.move({ customerId, newSlug, at: this.now() });
    if (!holder) return;
    const problem =
      holder.customerId === null
        ? messages.takenByAny
        : holder.customerId === customerId
          ? messages.unchanged
          : holder.current
            ? messages.takenNow
            : messages.takenBefore;
    throw new ValidationError({ slug: problem });
  }
}
