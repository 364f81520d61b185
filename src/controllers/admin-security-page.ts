import type { Request, Response } from 'express';
import { totpIssuer } from '../domain/second-factor.js';
import { recoveryCodesSheetView, type RecoveryCodesOwner } from '../presenters/recovery-codes-sheet.js';
import type { BrandLook } from '../services/brand.service.js';
import type { RecoveryCodeSheets } from '../services/recovery-code-sheets.service.js';
import type { SecondFactorService } from '../services/second-factor.service.js';
import type { SecurityPolicyService, SecurityPolicyView } from '../services/security-policy.service.js';

export type Errors = Record<string, string>;

/** What one of the page's forms shows again after a refusal. */
export interface FormShown {
  errors?: Errors;
  /** Typed back into the form when it was not the field at fault (a wrong password does not use it up). */
  code?: string;
  /** A throttle's refusal, shown above the form. */
  limited?: string;
}

export interface SecurityShown extends FormShown {
  /** The enrol form's sealed secret, carried again so the app the secret is in keeps working. */
  enrolment?: unknown;
  /** The renewal form of the recovery codes, refused. */
  renew?: FormShown;
  /** A download of codes that can no longer be downloaded. */
  refused?: string;
  /** The agency rule's form, refused, with the choice sent kept. */
  policyRefused?: { error: string; requireSecondFactor: boolean };
}

function brandOf(res: Response): BrandLook | undefined {
  return res.locals.brand as BrandLook | undefined;
}

/**
 * The security page (views/admin/security.ejs), shown by the second factor's forms and the
 * recovery codes' forms alike, each with its own refusals (docs/product.md, Administrator).
 */
export class AdminSecurityPage {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly sheets: RecoveryCodeSheets,
    private readonly policy: SecurityPolicyService,
    private readonly timeZone: string,
  ) {}

  /** The agency rule's form, for a sahip alone (the only one who may change it). */
  private async policyShown(
    res: Response,
    refused?: SecurityShown['policyRefused'],
  ): Promise<(SecurityPolicyView & { error: string | null }) | null> {
    const role = (res.locals.currentAdmin as { role?: string } | undefined)?.role;
    if (role !== 'sahip') return null;
    return { ...(await this.policy.view()), ...refused, error: refused?.error ?? null };
  }

  /**
   * Whose codes the page, the paper and the file name: the agency's brand (middleware/brand-locals.ts) and the
   * signed-in administrator.
   */
  owner(res: Response): RecoveryCodesOwner {
    const email = (res.locals.currentAdmin as { email: string } | undefined)?.email ?? '';
    return { brandName: brandOf(res)?.name ?? 'Vizit', email, timeZone: this.timeZone };
  }

  async render(req: Request, res: Response, status: number, shown: SecurityShown = {}): Promise<void> {
    const brand = brandOf(res);
    const errors = shown.errors ?? {};
    const renewErrors = shown.renew?.errors ?? {};
    const state = await this.secondFactor.state(
      req.session.adminId as number,
      shown.enrolment,
      totpIssuer(brand?.custom ? brand.name : null),
    );
    res.status(status).render('admin/security', {
      title: 'İki Adımlı Doğrulama',
      state,
      errors,
      code: errors.code ? '' : (shown.code ?? ''),
      limited: shown.limited ?? null,
      renew: {
        errors: renewErrors,
        code: renewErrors.code ? '' : (shown.renew?.code ?? ''),
        limited: shown.renew?.limited ?? null,
      },
      refused: shown.refused ?? null,
      recoveryCodes: null,
      policy: await this.policyShown(res, shown.policyRefused),
    });
  }

  /**
   * The codes in clear, on this answer only, with their copy, download and print; `renewed`: a new set replaced the old
   * one.
   */
  async renderCodes(req: Request, res: Response, codes: string[], renewed: boolean): Promise<void> {
    const adminId = req.session.adminId as number;
    const { sealed, issuedAt } = this.sheets.seal(adminId, codes);
    res.status(200).render('admin/security', {
      title: 'İki Adımlı Doğrulama',
      state: await this.secondFactor.state(adminId),
      errors: {},
      code: '',
      limited: null,
      renew: { errors: {}, code: '', limited: null },
      refused: null,
      recoveryCodes: { renewed, sheet: recoveryCodesSheetView(codes, issuedAt, sealed, this.owner(res)) },
      policy: await this.policyShown(res),
    });
  }
}
