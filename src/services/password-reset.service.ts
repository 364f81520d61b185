import {
  hashResetToken,
  isWellFormedResetToken,
  newResetToken,
  RESET_LINK_LIFETIME_MS,
} from '../domain/reset-token.js';
import type { AdministratorRepository } from '../repositories/administrator.repository.js';
import type { LiveReset, PasswordResetRepository } from '../repositories/password-reset.repository.js';
import type { AdminAuthService } from './admin-auth.service.js';
import type { AdminSecurityMail } from './admin-security-mail.service.js';

export type { LiveReset };

/**
 * "Şifremi unuttum" (docs/product.md, Administrator): a one-time link by e-mail, an hour long,
 * stored as its SHA-256 only; the reset ends every session of the administrator and is told to
 * them by e-mail. The second factor is untouched: the sign-in after a reset still asks for it.
 */
export class PasswordResetService {
  constructor(
    private readonly resets: PasswordResetRepository,
    private readonly administrators: AdministratorRepository,
    private readonly auth: AdminAuthService,
    private readonly mail: AdminSecurityMail,
    private readonly now: () => number,
  ) {}

  get offered(): boolean {
    return this.mail.enabled;
  }

  /**
   * Sends a link to `email` (already in sign-in's normal form) when it is an administrator's.
   * The caller answers the same either way; an unknown address costs about the same too: the
   * token is made and the same transaction runs, with nothing to insert.
   */
  async sendLink(email: string): Promise<void> {
    const admin = await this.administrators.findByEmail(email);
    const { token, hash } = newResetToken();
    const now = this.now();
    const queueMail = await this.mail.resetLink({ email }, token, RESET_LINK_LIFETIME_MS / 60_000);
    await this.resets.create(admin?.id ?? null, hash, now, now + RESET_LINK_LIFETIME_MS, queueMail);
  }

  /** The link of `token` while it works (unused, within its hour); null for anything else. */
  async findLive(token: string): Promise<LiveReset | null> {
    return isWellFormedResetToken(token) ? this.resets.findLive(hashResetToken(token), this.now()) : null;
  }

  /** Sets the new password; false when the link stopped working meanwhile (used by another request, expired). */
  async reset(reset: LiveReset, password: string): Promise<boolean> {
    const passwordHash = await this.auth.hashPassword(password);
    const queueMail = await this.mail.passwordChanged({ email: reset.email }, 'reset');
    return this.resets.complete(reset, passwordHash, this.now(), queueMail);
  }
}
