import type { MailContent } from './mail-message.js';

/** What the invitation e-mail says (docs/product.md, Administrators and roles), in the agency's brand. */
export const messages = {
  subject: (brand: string) => `${brand} yönetim paneline davet edildiniz`,
  heading: 'Ekibe davet',
  invited: (inviter: string, brand: string, role: string) =>
    `${inviter} sizi ${brand} yönetim paneline ${role} olarak davet etti.`,
  link: (days: number) =>
    `Adınızı ve şifrenizi aşağıdaki bağlantıdan belirleyin. Bağlantı ${days} gün geçerlidir ve yalnızca bir ` +
    `kez kullanılabilir.`,
  notYou: 'Bu daveti beklemiyorsanız bu e-postayı silebilirsiniz; bağlantı kullanılmazsa hesap açılmaz.',
  action: 'Daveti kabul et',
  why: (email: string) => `Bu e-postayı ${email} adresine bir davet gönderildiği için alıyorsunuz.`,
} as const;

/** `inviter`: the inviting administrator's name or e-mail; `role`: the role as the team page names it. */
export function invitationMail(
  email: string,
  inviter: string,
  role: string,
  url: string,
  days: number,
  brandName: string,
): MailContent {
  return {
    subject: messages.subject(brandName),
    heading: messages.heading,
    paragraphs: [messages.invited(inviter, brandName, role), messages.link(days), messages.notYou],
    action: { label: messages.action, url },
    footerNote: messages.why(email),
  };
}
