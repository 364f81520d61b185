import type { MailContent } from './mail-message.js';

/**
 * What the administrator's security e-mails say (docs/product.md, Administrator): the reset link,
 * and a notice when the password changed or the second factor was turned off. They have no
 * unsubscribe: each says why it comes, and what to do if it was not them.
 */
export const messages = {
  why: (brand: string) =>
    `Bu e-postayı ${brand} yönetim paneline bu adresle giriş yapan yönetici olduğunuz için alıyorsunuz. ` +
    `Hesabınızın güvenliğiyle ilgili bildirimler kapatılamaz.`,
  reset: {
    subject: 'Şifrenizi yenileyin',
    heading: 'Şifre yenileme isteği',
    asked: (email: string) => `${email} adresiyle giriş yapan yönetici hesabı için yeni şifre istendi.`,
    link: (minutes: number) =>
      `Yeni şifrenizi aşağıdaki bağlantıdan belirleyin. Bağlantı ${minutes} dakika geçerlidir ve yalnızca ` +
      `bir kez kullanılabilir.`,
    notYou: 'Bu isteği siz yapmadıysanız bu e-postayı silebilirsiniz; şifreniz değişmez.',
    action: 'Yeni şifre belirle',
  },
  passwordChanged: {
    subject: 'Yönetici şifreniz değiştirildi',
    heading: 'Şifreniz değiştirildi',
    byReset: (email: string, at: string) =>
      `${email} hesabının şifresi ${at} tarihinde e-postayla gönderilen bağlantıyla yenilendi. Bu hesabın ` +
      `bütün oturumları kapatıldı.`,
    bySettings: (email: string, at: string) =>
      `${email} hesabının şifresi ${at} tarihinde yönetim panelindeki Şifre sayfasından değiştirildi.`,
  },
  secondFactorOff: {
    subject: 'İki adımlı doğrulama kapatıldı',
    heading: 'İki adımlı doğrulama kapatıldı',
    done: (email: string, at: string) =>
      `${email} hesabında iki adımlı doğrulama ${at} tarihinde kapatıldı. Giriş artık yalnızca şifreyle yapılıyor.`,
  },
  notYou:
    'Bunu siz yapmadıysanız hemen "Şifremi unuttum" ile yeni şifre belirleyin ve ajansınızın teknik ' +
    'sorumlusuna haber verin.',
  signIn: 'Yönetim paneline git',
} as const;

export type PasswordChangeWay = 'reset' | 'settings';

export function resetLinkMail(email: string, url: string, minutes: number, brandName: string): MailContent {
  const t = messages.reset;
  return {
    subject: t.subject,
    heading: t.heading,
    paragraphs: [t.asked(email), t.link(minutes), t.notYou],
    action: { label: t.action, url },
    footerNote: messages.why(brandName),
  };
}

/** `at`: the moment as the administrator reads it (APP_TIMEZONE); `loginUrl`: where to sign in. */
export function passwordChangedMail(
  email: string,
  way: PasswordChangeWay,
  at: string,
  loginUrl: string,
  brandName: string,
): MailContent {
  const t = messages.passwordChanged;
  return {
    subject: t.subject,
    heading: t.heading,
    paragraphs: [way === 'reset' ? t.byReset(email, at) : t.bySettings(email, at), messages.notYou],
    action: { label: messages.signIn, url: loginUrl },
    footerNote: messages.why(brandName),
  };
}

export function secondFactorOffMail(email: string, at: string, loginUrl: string, brandName: string): MailContent {
  const t = messages.secondFactorOff;
  return {
    subject: t.subject,
    heading: t.heading,
    paragraphs: [t.done(email, at), messages.notYou],
    action: { label: messages.signIn, url: loginUrl },
    footerNote: messages.why(brandName),
  };
}
