import { hashRecoveryCode } from '../domain/second-factor.js';
import { SecretBox } from '../lib/secret-box.js';
import type { AdministratorRepository } from '../repositories/administrator.repository.js';

/** How long the page that shows the codes can download them: time to save a file, not to keep a page for later. */
export const SHEET_LIFETIME_MS = 15 * 60_000;

/** Recovery codes in clear, as one answer showed them, and when. */
export interface RecoveryCodeSheet {
  codes: string[];
  issuedAt: number;
}

interface Sealed extends RecoveryCodeSheet {
  expiresAt: number;
}

/**
 * The codes are stored only as hashes, so the answer that shows them is the only place they exist
 * in clear. To download them without JavaScript, that page carries them sealed (lib/secret-box.ts,
 * bound to the administrator) with an expiry in a form posted back: never in a URL, so no access
 * log, history or Referer holds them (docs/product.md, Administrator).
 */
export class RecoveryCodeSheets {
  private readonly box: SecretBox;

  constructor(
    private readonly administrators: AdministratorRepository,
    sessionSecret: string,
    private readonly now: () => number,
  ) {
    this.box = new SecretBox(sessionSecret, 'administrator-recovery-code-sheet');
  }

  /** The codes sealed for the download form, and the moment they were shown. */
  seal(adminId: number, codes: string[]): { sealed: string; issuedAt: number } {
    const issuedAt = this.now();
    const carried: Sealed = { codes, issuedAt, expiresAt: issuedAt + SHEET_LIFETIME_MS };
    return { sealed: this.box.seal(JSON.stringify(carried), `administrator:${adminId}`), issuedAt };
  }

  /**
   * The codes a sealed value carries, while it has not expired, was made for this administrator
   * and its codes are still the current set (a renewal or turning the factor off voids them).
   */
  async open(adminId: number, sealed: unknown): Promise<RecoveryCodeSheet | null> {
    const plain =
      typeof sealed === 'string' && sealed.length <= 2048 ? this.box.open(sealed, `administrator:${adminId}`) : null;
    if (plain === null) return null;
    // Only this class seals with this key, so what opens has the shape it wrote.
    const { codes, issuedAt, expiresAt } = JSON.parse(plain) as Sealed;
    if (expiresAt <= this.now() || codes.length === 0) return null;
    const current = await this.administrators.hasRecoveryCode(adminId, hashRecoveryCode(codes[0] as string));
    return current ? { codes, issuedAt } : null;
  }
}
