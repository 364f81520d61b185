import { NotFoundError } from '../errors.js';
import { administratorEmail } from '../domain/admin-email.js';
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
import type { AdminSecurityMail } from './admin-security-mail.service.js';

/** The enrolment QR: large enough for a phone camera across a desk, error level M. */
const ENROL_QR = { width: 220, margin: 2, level: 'M' } as const;
/** How long a secret shown for enrolment may be confirmed: time to install an app, not to keep a page for later. */
export const ENROLMENT_LIFETIME_MS = 30 * 60_000;

export type SecondFactorState =
  | { on: true; enabledAt: number; recoveryCodesLeft: number }
  /** `enrolment`: the shown secret sealed with its expiry, for the enrol form's hidden field (stored nowhere). */
  | { on: false; secret: string; uri: string; qrSvg: string; enrolment: string };

export type EnableResult =
  { done: true; recoveryCodes: string[] } | { done: false; reason: 'wrong-code' | 'expired' | 'already-on' };

export type DisableResult = 'done' | 'wrong-password' | 'wrong-code';

export type RenewResult =
  { done: true; recoveryCodes: string[] } | { done: false; reason: 'off' | 'wrong-password' | 'wrong-code' };

/**
 * The administrator's optional TOTP second factor (docs/product.md, Administrator): enrolment,
 * the check at sign-in (each code once) and turning it off. The secret is stored sealed under a
 * key derived from SESSION_SECRET; recovery codes as SHA-256 hashes (domain/second-factor.ts).
 */
export class SecondFactorService {
  private readonly box: SecretBox;
  private readonly enrolmentBox: SecretBox;

  constructor(
    private readonly administrators: AdministratorRepository,
    private readonly auth: AdminAuthService,
    sessionSecret: string,
    private readonly now: () => number,
    /** Tells the administrator by e-mail when the factor is turned off (none in the CLI). */
    private readonly securityMail?: AdminSecurityMail,
  ) {
    this.box = new SecretBox(sessionSecret, 'administrator-totp-secret');
    this.enrolmentBox = new SecretBox(sessionSecret, 'administrator-totp-enrolment');
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

  /** The secret a sealed enrolment carries, while it has not expired and was made for this administrator. */
  private enrolmentSecret(admin: Administrator, enrolment: unknown): string | null {
    const opened =
      typeof enrolment === 'string' && enrolment.length <= 512
        ? this.enrolmentBox.open(enrolment, `administrator:${admin.id}`)
        : null;
    const match = opened === null ? null : /^(\d+)\.([A-Z2-7]+)$/.exec(opened);
    return match && Number(match[1]) > this.now() ? (match[2] as string) : null;
  }

  /**
   * What the security page shows. While off: a secret to enrol with, new on every call unless
   * `enrolment` still carries one (the form shown again after a wrong code), and written nowhere:
   * it is stored only once a right code confirms it (enable), so a page once seen tells nothing
   * about the secret in use. `issuer`: the name the app files it under (domain/second-factor.ts, totpIssuer).
   */
  async state(adminId: number, enrolment?: unknown, issuer?: string): Promise<SecondFactorState> {
    const admin = await this.load(adminId);
    if (admin.totpEnabledAt !== null) {
      return {
        on: true,
        enabledAt: admin.totpEnabledAt,
        recoveryCodesLeft: await this.administrators.countUnusedRecoveryCodes(admin.id),
      };
    }
    const carried = enrolment === undefined ? null : this.enrolmentSecret(admin, enrolment);
    const secret = carried ?? newTotpSecret();
    const sealed =
      carried !== null
        ? (enrolment as string)
        : this.enrolmentBox.seal(`${this.now() + ENROLMENT_LIFETIME_MS}.${secret}`, `administrator:${admin.id}`);
    const uri = otpauthUri(secret, admin.email, issuer);
    return { on: false, secret: groupedSecret(secret), uri, qrSvg: await renderSvg(uri, ENROL_QR), enrolment: sealed };
  }

  /**
   * Turns the second factor on when `code` is right for the secret `enrolment` carries: the recovery codes, in clear,
   * once.
   */
  async enable(adminId: number, enrolment: unknown, code: string): Promise<EnableResult> {
    const admin = await this.load(adminId);
    if (admin.totpEnabledAt !== null) return { done: false, reason: 'already-on' };
    const secret = this.enrolmentSecret(admin, enrolment);
    if (secret === null) return { done: false, reason: 'expired' };
    const step = totpStep(secret, code, this.now());
    if (step === null) return { done: false, reason: 'wrong-code' };
    const recoveryCodes = newRecoveryCodes();
    const sealed = this.box.seal(secret, `administrator:${admin.id}`);
    const enabled = await this.administrators.enableSecondFactor(
      admin.id,
      sealed,
      step,
      recoveryCodes.map(hashRecoveryCode),
      this.now(),
    );
    return enabled ? { done: true, recoveryCodes } : { done: false, reason: 'already-on' };
  }

  /** A TOTP code of a step not used before, or an unused recovery code; either is used up by a success. */
  async verify(admin: Administrator, code: SecondFactorCode): Promise<boolean> {
    if (!this.isOn(admin)) return false;
    if (code.kind === 'recovery')
      return this.administrators.useRecoveryCode(admin.id, hashRecoveryCode(code.code), this.now());
    const secret = this.secretOf(admin);
    const step = secret === null ? null : totpStep(secret, code.code, this.now());
    return step !== null && (await this.administrators.claimTotpStep(admin.id, step));
  }

  /** Off, with the password and a code; the code is not used up when the password is wrong. */
  async disable(adminId: number, password: string, code: SecondFactorCode): Promise<DisableResult> {
    const admin = await this.auth.checkPassword(adminId, password);
    if (!admin) return 'wrong-password';
    if (!(await this.verify(admin, code))) return 'wrong-code';
    const queueMail = await this.securityMail?.secondFactorOff(admin);
    await this.administrators.disableSecondFactor(admin.id, queueMail);
    return 'done';
  }

  /**
   * A new set of recovery codes, with the password and an app code (not a recovery code: one of
   * the old set must not make the new one). The app code is used up and every old code voided
   * in one transaction; a wrong password uses nothing up.
   */
  async renewRecoveryCodes(adminId: number, password: string, totpCode: string): Promise<RenewResult> {
    if (!this.isOn(await this.load(adminId))) return { done: false, reason: 'off' };
    const admin = await this.auth.checkPassword(adminId, password);
    if (!admin) return { done: false, reason: 'wrong-password' };
    const secret = this.secretOf(admin);
    const step = secret === null ? null : totpStep(secret, totpCode, this.now());
    const recoveryCodes = newRecoveryCodes();
    const renewed =
      step !== null &&
      (await this.administrators.renewRecoveryCodes(admin.id, step, recoveryCodes.map(hashRecoveryCode)));
    return renewed ? { done: true, recoveryCodes } : { done: false, reason: 'wrong-code' };
  }

  /** `npm run admin -- disable-2fa`: for a lost phone. False when no administrator has that e-mail. */
  async disableByEmail(email: string): Promise<boolean> {
    const normalized = administratorEmail(email);
    const admin = normalized ? await this.administrators.findByEmail(normalized) : null;
    if (!admin) return false;
    await this.administrators.disableSecondFactor(admin.id);
    return true;
  }
}
