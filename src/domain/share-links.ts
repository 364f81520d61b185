/**
 * Handing the page and its secret edit link to the owner (docs/product.md, "Bulk import and customer CSV"): a
 * short Turkish message with the public page, the edit link and its warning, ready for WhatsApp's
 * share address and a mail program, addressed to the owner's phone and e-mail when we know them.
 * Nothing is sent by us; the administrator's own app opens with the text filled in.
 */

export interface HandOver {
  name: string;
  publicUrl: string;
  editUrl: string;
  /** The owner's phone as stored (`+905321234567`); WhatsApp is sent to it when it has enough digits. */
  phone?: string | null;
  email?: string | null;
  /** What the owner knows the page as: the agency's brand name when one is set. */
  product?: string;
}

export interface EditLinkShare {
  subject: string;
  text: string;
  /** `https://wa.me/{digits}?text=...`, or `https://wa.me/?text=...` (WhatsApp asks whom to) without a phone. */
  whatsappUrl: string;
  /** `mailto:{owner}?subject=...&body=...` (no address without one), lines ended by CRLF as RFC 6068 asks. */
  mailtoUrl: string;
}

export function editLinkMessage(handOver: HandOver): { subject: string; text: string } {
  const product = handOver.product ?? 'Vizit';
  return {
    subject: `${product} sayfanız ve düzenleme bağlantısı`,
    text:
      `Merhaba ${handOver.name},\n` +
      `${product} sayfanız burada:\n${handOver.publicUrl}\n` +
      `Sayfanızı bu gizli bağlantıdan düzenleyebilirsiniz:\n${handOver.editUrl}\n` +
      'Bu bağlantı size özeldir: bağlantıya sahip olan herkes sayfanızı düzenleyebilir. Lütfen kimseyle paylaşmayın.',
  };
}

/**
 * The international digits wa.me wants (no `+`, no leading zeros): `+90 532…` and `00 90 532…` as they are,
 * a Turkish national `0532…` with 90 before it; null when too few or too many digits are left to be a number.
 */
function whatsappDigits(phone: string | null | undefined): string | null {
  if (!phone || /[^\d\s+().-]/.test(phone)) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (/^0\d{10}$/.test(digits)) digits = `90${digits.slice(1)}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** The address as a mailto recipient: each side of the `@` percent-encoded so it cannot start the query. */
function mailtoRecipient(email: string | null | undefined): string {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at <= 0 || at === email.length - 1 || /\s/.test(email)) return '';
  return `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

export function editLinkShare(handOver: HandOver): EditLinkShare {
  const { subject, text } = editLinkMessage(handOver);
  const phone = whatsappDigits(handOver.phone);
  return {
    subject,
    text,
    whatsappUrl: `https://wa.me/${phone ?? ''}?text=${encodeURIComponent(text)}`,
    mailtoUrl:
      `mailto:${mailtoRecipient(handOver.email)}?subject=${encodeURIComponent(subject)}&body` +
      `=${encodeURIComponent(text.replace(/\n/g, '\r\n'))}`,
  };
}
