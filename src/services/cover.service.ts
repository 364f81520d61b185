import { lockedLookErrors } from '../domain/company-template.js';
import { orFail, ValidationError } from '../errors.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ProfileWriteRepository } from '../repositories/profile-write.repository.js';
import { validateCoverInput } from '../validation/background.validation.js';
import type { ProfileMediaService } from './profile-media.service.js';

export const coverMessages = {
  coverFailed: 'Kapak güncellenemedi',
} as const;

type Form = Readonly<Record<string, unknown>>;

/**
 * The cover as a colour, an animation or a video (docs/product.md,
 * "Backgrounds and covers"); an uploaded photo goes through ProfileMediaService.setPhoto.
 * A cover photo the owner uploaded before is removed once the new cover is saved.
 */
export class CoverService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly writes: ProfileWriteRepository,
    private readonly media: ProfileMediaService,
    private readonly now: () => number,
  ) {}

  /**
   * Fields `cover_type` and `cover_value`; a refused value is a ValidationError and writes nothing.
   * An image by address only as it is already stored: new images are uploaded.
   */
  async setCover(customerId: number, form: Form): Promise<void> {
    const own = await this.profiles.findOwnProfile(customerId);
    // A cover the member's company locked is refused (docs/product.md, Companies).
    const locked = lockedLookErrors(own?.template, 'cover');
    if (Object.keys(locked).length > 0) throw new ValidationError(locked);
    const current = form.cover_type === 'image' ? own?.coverPhoto : null;
    const value = validateCoverInput(form.cover_type, form.cover_value, current);
    await this.media.replace(customerId, undefined, async () => {
      const before = await this.profiles.findOwnProfile(customerId);
      await orFail(coverMessages.coverFailed, () => this.writes.update(customerId, { cover_photo: value }, this.now()));
      // The same value again (an uploaded cover posted by its own path) keeps its file.
      return { replaced: before?.coverPhoto === value ? null : before?.coverPhoto };
    });
  }
}
