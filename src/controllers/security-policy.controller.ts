import type { RequestHandler } from 'express';
import { actingAdmin } from '../http/acting-admin.js';
import { setFlash } from '../middleware/flash.js';
import type { AdminAuthService } from '../services/admin-auth.service.js';
import type { SecurityPolicyService } from '../services/security-policy.service.js';
import type { AdminSecurityPage } from './admin-security-page.js';

export const messages = {
  on: 'Kural kaydedildi: her yönetici iki adımlı doğrulamayı açmadan panelde ilerleyemez.',
  off: 'Kural kaldırıldı: iki adımlı doğrulama yöneticilerin kendi seçimi.',
  ownOff: 'Önce kendi hesabınızda iki adımlı doğrulamayı açın; yoksa kural sizi de durdurur.',
} as const;

/** POST /admin/security/policy: the agency's rule "ikinci adım zorunlu", a sahip's (docs/product.md). */
export class SecurityPolicyController {
  constructor(
    private readonly policy: SecurityPolicyService,
    private readonly auth: AdminAuthService,
    private readonly page: AdminSecurityPage,
  ) {}

  save: RequestHandler = async (req, res) => {
    const on = (req.body as Record<string, unknown>).require_second_factor === '1';
    const own = await this.auth.findById(req.session.adminId as number);
    const outcome = own ? await this.policy.setRequireSecondFactor(actingAdmin(res), own, on) : 'own-second-factor-off';
    if (outcome === 'own-second-factor-off') {
      await this.page.render(req, res, 422, { policyRefused: { error: messages.ownOff, requireSecondFactor: on } });
      return;
    }
    setFlash(req, 'success', on ? messages.on : messages.off);
    res.redirect(303, '/admin/security');
  };
}
