import { NotFoundError, ValidationError } from '../errors.js';
import type { ContactButtonType } from '../domain/contact-buttons.js';
import { lockedFieldErrors, lockedLookErrors } from '../domain/company-template.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ProfileChanges, ProfileWriteRepository } from '../repositories/profile-write.repository.js';
import { validateBackgroundInput } from '../validation/background.validation.js';
import { parseIbanFields } from '../validation/iban.validation.js';
import { parseFlag, parseProfileText, type ProfileTextInput } from '../validation/profile.validation.js';

export const profileEditMessages = {
  contactNeedsData: 'İletişim bilgisi eksik - telefon veya e-posta gerekli',
  noSetting: 'Kaydedilecek bir ayar gönderilmedi.',
  ibanNotFound: 'IBAN bilgisi bulunamadı.',
} as const;

type Form = Readonly<Record<string, unknown>>;

/** The switches of the settings form, by their form (and column) names. */
const SETTINGS = [
  'dark_mode',
  'show_name_on_cover',
  'is_profile_visible',
  'is_phone_visible',
  'is_email_visible',
  'is_website_visible',
] as const;
const CONTACT_FIELDS = ['phone', 'email', 'website'] as const;

/** Whether "add to contacts" is left without a phone or an e-mail to add. */
export interface TextSaved {
  addContactHidden: boolean;
}

/**
 * The phone, e-mail and website typed in the contact dialog that one of its switches sent along
 * (without JavaScript a switch submits the dialog's form, views/edit/dialogs/contact.ejs), checked;
 * null when the form sent none of them.
 */
function contactTextOf(form: Form): ProfileTextInput | null {
  const sent = Object.fromEntries(CONTACT_FIELDS.filter((field) => field in form).map((field) => [field, form[field]]));
  return Object.keys(sent).length > 0 ? parseProfileText(sent) : null;
}

/**
 * The owner's changes to the profile card, its contact buttons, its IBAN card and its
 * background, each form validated first: a refused one is a ValidationError and writes nothing.
 */
export class ProfileEditService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly writes: ProfileWriteRepository,
    private readonly now: () => number,
  ) {}

  private update(customerId: number, changes: ProfileChanges): Promise<void> {
    return this.writes.update(customerId, changes, this.now());
  }

  /**
   * Bio, phone, e-mail or website: each only when the form sent it; an empty one removes it.
   * Removing the last of phone and e-mail also switches "add to contacts" off (it has nothing
   * left to add, docs/product.md, Owner page), unless the member's company gives one: the answer says whether it did.
   */
  updateText(customerId: number, form: Form): Promise<TextSaved> {
    return this.writeText(customerId, parseProfileText(form));
  }

  private async writeText(customerId: number, changes: ProfileTextInput | null): Promise<TextSaved> {
    if (changes === null) return { addContactHidden: false };
    // A field the member's company locked is refused, and with it the whole post (docs/product.md, Companies).
    const own = await this.profiles.findOwnProfile(customerId);
    const locked = own ? lockedFieldErrors(changes, own) : {};
    if (Object.keys(locked).length > 0) throw new ValidationError(locked);
    // A company's phone or e-mail stays on a member's card whatever the member removes of their own.
    const companyGivesContact = Boolean(own?.template?.values.phone || own?.template?.values.email);
    if ((changes.phone !== null && changes.email !== null) || companyGivesContact) {
      await this.update(customerId, changes);
      return { addContactHidden: false };
    }
    return { addContactHidden: await this.writes.updateContactData(customerId, changes, this.now()) };
  }

  /**
   * Dark mode, the name on the cover and the visibility switches: the ones the form sent, with
   * the contact dialog's typed text when the website's switch sent it along (checked first).
   */
  async updateSettings(customerId: number, form: Form): Promise<TextSaved> {
    const changes: Partial<Record<(typeof SETTINGS)[number], boolean>> = {};
    for (const field of SETTINGS) if (field in form) changes[field] = parseFlag(form, field);
    if (Object.keys(changes).length === 0) throw new ValidationError({ dark_mode: profileEditMessages.noSetting });
    const saved = await this.writeText(customerId, contactTextOf(form));
    await this.update(customerId, changes);
    return saved;
  }

  /**
   * A contact button's switch, with the contact dialog's typed text when it sent it along: the
   * text is checked first and saved first, so "add to contacts" may go on with a phone typed
   * beside it. It can only be shown while there is a phone number or an e-mail address to add.
   */
  async setContactButton(customerId: number, type: ContactButtonType, form: Form): Promise<TextSaved> {
    const visible = parseFlag(form, 'is_visible');
    const text = contactTextOf(form);
    if (visible && type === 'add_contact') {
      const profile = await this.profiles.findProfile(customerId);
      const phone = text && 'phone' in text ? text.phone : profile?.phone;
      const email = text && 'email' in text ? text.email : profile?.email;
      if (!phone && !email) throw new ValidationError({ is_visible: profileEditMessages.contactNeedsData });
    }
    const saved = await this.writeText(customerId, text);
    await this.writes.setContactButton(customerId, type, visible);
    return saved;
  }

  async saveIban(customerId: number, form: Form): Promise<void> {
    const { iban, accountHolder } = parseIbanFields(form.iban, form.account_holder);
    await this.writes.saveIban(customerId, iban, accountHolder);
  }

  /** Removes the IBAN card; a 404 when there is none. */
  async removeIban(customerId: number): Promise<void> {
    if (!(await this.writes.deleteIban(customerId))) throw new NotFoundError(profileEditMessages.ibanNotFound);
  }

  /** Shows or hides the IBAN card; a 404 when there is none yet. */
  async setIbanVisible(customerId: number, form: Form): Promise<void> {
    const found = await this.writes.setIbanVisible(customerId, parseFlag(form, 'is_visible'));
    if (!found) throw new NotFoundError(profileEditMessages.ibanNotFound);
  }

  /**
   * A colour, an animation, or a video by URL (an uploaded image goes through ProfileMediaService);
   * an image by URL only as it is already stored.
   */
  async setBackground(customerId: number, form: Form): Promise<void> {
    const type = typeof form.background_type === 'string' ? form.background_type : '';
    // A background the member's company locked is refused (docs/product.md, Companies).
    const locked = lockedLookErrors((await this.profiles.findOwnProfile(customerId))?.template, 'background');
    if (Object.keys(locked).length > 0) throw new ValidationError(locked);
    const current = type === 'image' ? (await this.profiles.findProfile(customerId))?.backgroundValue : null;
    const value = validateBackgroundInput(type, form.background_value, current);
    await this.update(customerId, { background_type: type, background_value: value });
  }
}
