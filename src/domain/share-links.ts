/**
 * Handing the secret edit link to its owner (docs/product.md, "Bulk import and customer CSV"): a short Turkish
 * message with the link, ready for WhatsApp's share address and a mail program. Nothing is sent
 * by us; the administrator's own app opens with the text filled in.
 */

export interface EditLinkShare {
  subject: string;
  text: string;
  /** `https://wa.me/?text=...`: WhatsApp asks whom to send it to. */
  whatsappUrl: string;
  /** `mailto:?subject=...&body=...`, lines ended by CRLF as RFC 6068 asks. */
  mailtoUrl: string;
}

/** `product`: what the owner knows the page as, the agency's brand name when one is set. */
export function editLinkMessage(name: string, editUrl: string, product = 'Vizit'): { subject: string; text: string } {
  return {
    subject: `${product} sayfanızın düzenleme bağlantısı`,
    text:
      `Merhaba ${name},\n` +
      `${product} sayfanızı bu bağlantıdan düzenleyebilirsiniz:\n${editUrl}\n` +
      'Bu bağlantı size özeldir: bağlantıya sahip olan herkes sayfanızı düzenleyebilir. Lütfen kimseyle paylaşmayın.',
  };
}

export function editLinkShare(name: string, editUrl: string, product = 'Vizit'): EditLinkShare {
  const { subject, text } = editLinkMessage(name, editUrl, product);
  return {
    subject,
    text,
    whatsappUrl: `https://wa.me/?text=${encodeURIComponent(text)}`,
    mailtoUrl: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text.replace(/\n/g, '\r\n'))}`,
  };
}
