/**
 * The contact buttons of a profile's card. Every customer has one row of each type from
 * the start (created with the customer); the owner only switches them on and off.
 */
export const CONTACT_BUTTON_TYPES = ['email', 'phone', 'add_contact'] as const;

export type ContactButtonType = (typeof CONTACT_BUTTON_TYPES)[number];

export function isContactButtonType(value: unknown): value is ContactButtonType {
  return typeof value === 'string' && (CONTACT_BUTTON_TYPES as readonly string[]).includes(value);
}

/** What each button says, in the order the owner's switches list them. */
export const CONTACT_BUTTON_LABELS: Readonly<Record<ContactButtonType, string>> = Object.freeze({
  phone: 'Ara',
  email: 'E-posta',
  add_contact: 'Rehbere Ekle',
});
