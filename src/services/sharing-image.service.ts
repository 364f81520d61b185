import { createHash } from 'node:crypto';
import { initials } from '../lib/initials.js';
import { WorkQueue } from '../media/image-queue.js';
import { drawSharingImage, type DrawnImage } from '../media/sharing-image.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { BrandLook } from './brand.service.js';

/** A drawn image with the page version it shows and its ETag (its bytes' hash: the same on every instance). */
export interface SharingImage extends DrawnImage {
  version: number;
  etag: string;
}

/**
 * What the held images may weigh: 4 MB, 40 or more images of 30 to 100 KB. They are Buffers
 * outside V8's heap; an image pushed out is drawn again in well under a second when asked for.
 */
export const SHARING_IMAGE_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The sharing image of each public page (docs/architecture.md, The sharing image): drawn once per
 * customer version, then served from memory. Every change the image shows raises the version: a
 * profile or photo edit, and a brand change, which raises every customer's. The newest-used
 * images stay, the oldest go past `maxBytes`. Requests for an image being drawn wait for that one
 * drawing, and drawings take turns (one at a time, 32 may wait; past that a 503), so a crawler
 * asking for every card at once costs one drawing's memory, not one per card.
 */
export class SharingImageService {
  /** customer id → its image; a Map keeps them in least-recently-used order. */
  private readonly held = new Map<number, SharingImage>();
  private heldBytes = 0;
  private readonly drawing = new Map<string, Promise<SharingImage>>();
  /** Images drawn since start (every other request was answered from memory). */
  drawn = 0;

  constructor(
    private readonly profiles: Pick<ProfileRepository, 'findProfile'>,
    private readonly storage: Pick<FileStorage, 'readFile'>,
    /** Read afresh for a drawing, as a page being cached reads it: another instance may have changed it. */
    private readonly brand: { fresh(): Promise<BrandLook>; logo(): Promise<Buffer | null> },
    private readonly queue = new WorkQueue(1, 32),
    private readonly maxBytes = SHARING_IMAGE_CACHE_BYTES,
  ) {}

  /** The image for the customer's current version: from memory, or drawn once however many ask at the same time. */
  imageOf(customer: Customer): Promise<SharingImage> {
    const held = this.held.get(customer.id);
    if (held?.version === customer.version) {
      this.held.delete(customer.id);
      this.held.set(customer.id, held);
      return Promise.resolve(held);
    }
    const key = `${customer.id}:${customer.version}`;
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.draw(customer).finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    return pending;
  }

  private async draw(customer: Customer): Promise<SharingImage> {
    const [profile, brand] = await Promise.all([this.profiles.findProfile(customer.id), this.brand.fresh()]);
    const logo = brand.custom && brand.logoUrl ? await this.brand.logo() : null;
    const photo = profile?.isProfileVisible ? await this.storage.readFile(customer.id, profile.profilePhoto) : null;
    const card = {
      name: `${customer.name} ${customer.surname}`,
      title: profile?.title ?? null,
      company: profile?.company ?? null,
      initials: initials(customer.name, customer.surname),
      brandName: brand.name,
      brandMark: brand.mark,
      // A company member's image takes the company's accent (docs/product.md, Companies).
      accent: profile?.template?.accent ?? brand.accentColor,
    };
    const drawn = await this.queue.run(() => drawSharingImage(card, photo, logo));
    this.drawn += 1;
    const image = {
      ...drawn,
      version: customer.version,
      etag: `"${createHash('sha256').update(drawn.bytes).digest('base64url').slice(0, 27)}"`,
    };
    this.keep(customer.id, image);
    return image;
  }

  private keep(customerId: number, image: SharingImage): void {
    const previous = this.held.get(customerId);
    // A drawing of an older version that ends after a newer one's is not kept over it.
    if (previous && previous.version > image.version) return;
    if (previous) this.forget(customerId, previous);
    this.held.set(customerId, image);
    this.heldBytes += image.bytes.length;
    for (const [id, oldest] of this.held) {
      if (this.heldBytes <= this.maxBytes) break;
      this.forget(id, oldest);
    }
  }

  private forget(customerId: number, image: SharingImage): void {
    this.held.delete(customerId);
    this.heldBytes -= image.bytes.length;
  }
}
