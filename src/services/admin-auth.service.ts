import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { administratorEmail } from '../domain/admin-email.js';
import type { AdminRoleName } from '../domain/admin-role.js';
import type { Logger } from '../logger.js';
import type { Administrator, AdministratorRepository } from '../repositories/administrator.repository.js';
import { adminCommand } from '../lib/paths.js';
import type { AdminSecurityMail } from './admin-security-mail.service.js';

/**
 * argon2id as OWASP's password storage cheat sheet lists it: 7 MiB, 5 passes, 1 lane, the row of
 * its table that the sheet calls as strong as 19 MiB with 2 passes. Each sign-in holds that memory
 * while it runs, so on a small server we take the row that trades memory for passes. A hash made
 * with other parameters is made again at the next sign-in.
 */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

export class AdminAuthService {
  /** Verified against when the e-mail is unknown, so both cases take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly administrators: AdministratorRepository,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** Tells the administrator by e-mail when their password changes (none in the CLI). */
    private readonly securityMail?: AdminSecurityMail,
  ) {}

  hashPassword(password: string): Promise<string> {
    return argon2.hash(password, HASH_OPTIONS);
  }

  /**
   * `email` as typed: looked up in the one normal form the sign-in throttle counts on too; anything else matches
   * nobody. A deactivated administrator is refused as a wrong password is, so the answer tells nobody who exists.
   */
  async authenticate(email: unknown, password: string): Promise<Administrator | null> {
    const normalized = administratorEmail(email);
    const admin = normalized ? await this.administrators.findByEmail(normalized) : null;
    if (!admin) {
      this.dummyHash ??= this.hashPassword(randomBytes(16).toString('hex'));
      await argon2.verify(await this.dummyHash, password);
      return null;
    }
    if (!(await argon2.verify(admin.passwordHash, password)) || !admin.isActive) return null;
    if (argon2.needsRehash(admin.passwordHash, HASH_OPTIONS)) {
      await this.administrators.replacePasswordHash(admin.id, admin.passwordHash, await this.hashPassword(password));
    }
    return admin;
  }

  countAdministrators(): Promise<number> {
    return this.administrators.count();
  }

  findById(id: number): Promise<Administrator | null> {
    return this.administrators.findById(id);
  }

  /** The administrator when `password` is theirs (turning the second factor off asks for it). */
  async checkPassword(adminId: number, password: string): Promise<Administrator | null> {
    const admin = await this.administrators.findById(adminId);
    return admin && (await argon2.verify(admin.passwordHash, password)) ? admin : null;
  }

  async createAdministrator(email: string, password: string): Promise<Administrator> {
    const normalized = administratorEmail(email);
    if (!normalized) throw new Error(`Not an e-mail address: ${email.slice(0, 80)}`);
    if (await this.administrators.findByEmail(normalized)) {
      throw new Error(`An administrator with e-mail ${normalized} already exists`);
    }
    return this.administrators.create(normalized, await this.hashPassword(password), this.clock().getTime());
  }

  /** A reset (CLI) ends every session of that administrator: whoever knew the old password is out. */
  async resetPassword(email: string, password: string): Promise<void> {
    const normalized = administratorEmail(email);
    const admin = normalized ? await this.administrators.findByEmail(normalized) : null;
    if (!admin) throw new Error(`No administrator with e-mail ${email.slice(0, 80)}`);
    await this.administrators.updatePassword(admin.id, await this.hashPassword(password), this.clock().getTime(), true);
  }

  /**
   * A new role for the administrator of `email` (CLI; the team page's own change is services/admin-team.service.ts):
   * `unknown` without one, `last-owner` when it would demote the last active `sahip` (docs/product.md, Administrators
   * and roles). An editor keeps whether they see only their assigned customers.
   */
  async setRole(email: string, role: AdminRoleName): Promise<'set' | 'unknown' | 'last-owner'> {
    const normalized = administratorEmail(email);
    const admin = normalized ? await this.administrators.findByEmail(normalized) : null;
    if (!admin) return 'unknown';
    const outcome = await this.administrators.changeRole(admin.id, role, admin.onlyAssigned);
    return outcome === 'changed' ? 'set' : outcome;
  }

  /** A complete sign-in (after the second factor when it is on): the team page shows when. */
  recordSignIn(adminId: number): Promise<void> {
    return this.administrators.recordSignIn(adminId, this.clock().getTime());
  }

  /** The signed-in administrator's own change; false when the current password is wrong. */
  async changePassword(adminId: number, current: string, next: string, endOtherSessions: boolean): Promise<boolean> {
    const admin = await this.administrators.findById(adminId);
    if (!admin || !(await argon2.verify(admin.passwordHash, current))) return false;
    const queueMail = await this.securityMail?.passwordChanged(admin, 'settings');
    await this.administrators.updatePassword(
      admin.id,
      await this.hashPassword(next),
      this.clock().getTime(),
      endOtherSessions,
      queueMail,
    );
    return true;
  }

  /**
   * On start with no administrator: the configured one, or admin@localhost with a
   * random password printed once (docs/product.md, Administrator).
   */
  async ensureFirstAdministrator(configured: { email: string | null; password: string | null }): Promise<void> {
    if ((await this.administrators.count()) > 0) return;
    if (configured.email && configured.password) {
      await this.createAdministrator(configured.email, configured.password);
      this.logger.info({ email: configured.email }, 'administrator created from ADMIN_EMAIL');
      return;
    }
    const password = randomBytes(12).toString('base64url');
    await this.createAdministrator('admin@localhost', password);
    // Printed once, on purpose, outside the structured log so it is easy to find and never repeated.
    process.stdout.write(
      `\n  Vizit: ilk yönetici oluşturuldu / first administrator created\n` +
        `  E-posta: admin@localhost\n  Şifre:   ${password}\n` +
        `  (Bu şifre yalnızca bir kez gösterilir. Değiştirmek için: ${adminCommand} reset-password ` +
        `admin@localhost)\n\n`,
    );
  }
}
