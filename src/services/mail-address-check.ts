import { needsSmtpUtf8 } from '../mail/smtp-capabilities.js';

export const mailAddressMessages = {
  utf8LocalPart:
    'Bu sunucu @ işaretinden önce Türkçe karakter (ç, ğ, ı, ö, ş, ü gibi) olan adreslere e-posta ' +
    'gönderemiyor; lütfen başka bir adres yazın.',
} as const;

/**
 * Whether the SMTP server can take an address, asked where the address is typed (docs/product.md,
 * E-mail): a local part (before the @) that is not ASCII needs SMTPUTF8. A server that could not
 * be asked is given the benefit of the doubt: the outbox records a refusal when the mail is sent.
 */
export class MailAddressCheck {
  /** `offersSmtpUtf8`: mail/smtp-capabilities.ts's probe; null when unknown (or without e-mail). */
  constructor(private readonly offersSmtpUtf8: () => Promise<boolean | null>) {}

  /** The Turkish reason the address cannot be used, or null. */
  async refusal(address: string): Promise<string | null> {
    if (!needsSmtpUtf8(address)) return null;
    return (await this.offersSmtpUtf8()) === false ? mailAddressMessages.utf8LocalPart : null;
  }
}
