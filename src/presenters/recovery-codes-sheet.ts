import { foldLetters } from '../domain/slug.js';
import { formatDateTime } from '../lib/dates.js';

/** Whose codes they are and when they were made, as the page, the paper and the file head them. */
export interface RecoveryCodesOwner {
  brandName: string;
  email: string;
  timeZone: string;
}

/** The codes block of the security page: what it prints, and the sealed value its download form posts back. */
export interface RecoveryCodesSheetView {
  heading: string;
  email: string;
  issuedAt: string;
  codes: string[];
  sealed: string;
}

export interface RecoveryCodesFile {
  fileName: string;
  text: string;
}

export const messages = {
  heading: (brandName: string) => `${brandName} · Kurtarma kodları`,
  admin: 'Yönetici',
  issuedAt: 'Oluşturulma',
  use: 'Telefonunuza ulaşamazsanız bu kodlardan biriyle giriş yapabilirsiniz. Her kod yalnızca bir kez kullanılır.',
  void: 'Kodlar yenilendiğinde ya da iki adımlı doğrulama kapatıldığında bu kodların hiçbiri çalışmaz.',
  fileName: (base: string) => `${base}-kurtarma-kodlari.txt`,
} as const;

/** The brand in a file name: Turkish letters folded, words joined by hyphens ("Ajans Işık" → ajans-isik). */
function fileBase(brandName: string): string {
  return (
    foldLetters(brandName)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'vizit'
  );
}

export function recoveryCodesSheetView(
  codes: string[],
  issuedAt: number,
  sealed: string,
  owner: RecoveryCodesOwner,
): RecoveryCodesSheetView {
  return {
    heading: messages.heading(owner.brandName),
    email: owner.email,
    issuedAt: formatDateTime(issuedAt, owner.timeZone),
    codes,
    sealed,
  };
}

/**
 * The downloaded `.txt`: the brand, the administrator, the date and the codes numbered, with
 * Windows line ends, which every editor reads (Notepad before 2018 read nothing else).
 */
export function recoveryCodesFile(codes: string[], issuedAt: number, owner: RecoveryCodesOwner): RecoveryCodesFile {
  const width = String(codes.length).length;
  const lines = [
    messages.heading(owner.brandName),
    `${messages.admin}: ${owner.email}`,
    `${messages.issuedAt}: ${formatDateTime(issuedAt, owner.timeZone)}`,
    '',
    messages.use,
    messages.void,
    '',
    ...codes.map((code, i) => `${String(i + 1).padStart(width, ' ')}. ${code}`),
    '',
  ];
  return { fileName: messages.fileName(fileBase(owner.brandName)), text: lines.join('\r\n') };
}
