import { NotFoundError } from '../errors.js';
import {
  groupedSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  totpStep,
} from '../domain/second-factor.js';
import { SecretBox } from '../lib/secret-box.js';
import { renderSvg } from '../media/qr.js';
import type { Administrator, AdministratorRepository } from '../repositories/administrator.repository.js';
import type { SecondFactorCode } from '../validation/second-factor.validation.js';
import type { AdminAuthService } from './admin-auth.service.js';

/** The enrolment QR: large enough for a phone camera across a desk, error level M. */
const ENROL_QR = { width: 220, margin: 2, level: 'M' } as const;

export type SecondFactorState =
  | { on: true; enabledAt: number; recoveryCodesLeft: number }
  | { on: false; secret: string; uri: string; qrSvg: string };

export type DisableResult = 'done' | 'wrong-password' | 'wrong-code';

/**
 * The administrator's optional TOTP second factor (docs/product.md, Administrator): enrolment,
 * the check at sign-in (each code once) and turning it off. The secret is stored sealed under a
 * key derived from SESSION_SECRET; recovery codes as SHA-256 hashes (domain/second-factor.ts).
 */
export class SecondFactorService {
  private readonly box: SecretBox;

  constructor(
    private readonly administrators: AdministratorRepository,
    private readonly auth: AdminAuthService,
    sessionSecret: string,
    private readonly now: () => number,
  ) {
    this.box = new SecretBox(sessionSecret, 'administrator-totp-secret');
  }

  isOn(admin: Administrator): boolean {
    return admin.totpEnabledAt !== null;
  }

  /** The secret in clear; null when there is none or it was sealed under another SESSION_SECRET. */
  private secretOf(admin: Administrator): string | null {
    return admin.totpSecret === null ? null : this.box.open(admin.totpSecret, `administrator:${admin.id}`);
  }

  private async load(adminId: number): Promise<Administrator> {
    const admin = await this.administrators.findById(adminId);
    if (!admin) throw new NotFoundError();
    return admin;
  }

  /** What the security page shows; while off, the secret to enrol with (kept until it is used). */
  async state(adminId: number): Promise<SecondFactorState> {
    const admin = await this.load(adminId);
    if (admin.totpEnabledAt !== null) {
      return { on: true, enabledAt: admin.totpEnabledAt, recoveryCodesLeft: await this.administrators.countUnusedRecoveryCodes(admin.id) };
    }
    let secret = this.secretOf(admin);
    if (secret === null) {
      secret = newTotpSecret();
      await this.administrators.setPendingTotpSecret(admin.id, this.box.seal(secret, `administrator:${admin.id}`));
    }
    const uri = otpauthUri(secret, admin.email);
    return { on: false, secret: groupedSecret(secret), uri, qrSvg: await renderSvg(uri, ENROL_QR) };
  }

  /** Turns the second factor on when `code` is right for the enrolment secret: the recovery codes, in clear, once. */
  async enable(adminId: number, code: string): Promise<string[] | null> {
    const admin = await this.load(adminId);
    const secret = admin.totpEnabledAt === null ? this.secretOf(admin) : null;
    const step = secret === null ? null : totpStep(secret, code, this.now());
    if (step === null) return null;
    const codes = newRecoveryCodes();
    const enabled = await this.administrators.enableSecondFactor(admin.id, step, codes.map(hashRecoveryCode), this.now());
    return enabled ? codes : null;
  }

  /** A TOTP code of a step not used before, or an unused recovery code; either is used up by a success. */
  async verify(admin: Administrator, code: SecondFactorCode): Promise<boolean> {
    if (!this.isOn(admin)) return false;
    if (code.kind === 'recovery') return this.administrators.useRecoveryCode(admin.id, hashRecoveryCode(code.code), this.now());
    const secret = this.secretOf(admin);
    const step = secret === null ? null : totpStep(secret, code.code, this.now());
    return step !== null && (await this.administrators.claimTotpStep(admin.id, step));
  }

  /** Off, with the password and a code; the code is not used up when the password is wrong. */
  async disable(adminId: number, password: string, code: SecondFactorCode): Promise<DisableResult> {
    const admin = await this.auth.checkPassword(adminId, password);
    if (!admin) return 'wrong-password';
    if (!(await this.verify(admin, code))) return 'wrong-code';
    await this.administrators.disableSecondFactor(admin.id);
    return 'done';
  }

  /** `npm run admin -- disable-2fa`: for a lost phone. False when no administrator has that e-mail. */
  async disableByEmail(email: string): Promise<boolean> {
    const admin = await this.administrators.findByEmail(email.trim().toLowerCase());
    if (!admin) return false;
    await this.administrators.disableSecondFactor(admin.id);
    return true;
  }
}
