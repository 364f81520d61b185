import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './logger.js';
import { AccountController } from './controllers/account.controller.js';
import { AdminRecoveryCodesController } from './controllers/admin-recovery-codes.controller.js';
import { AdminSecurityController } from './controllers/admin-security.controller.js';
import { AdminInvitationController } from './controllers/admin-invitation.controller.js';
import { AdminSecurityPage } from './controllers/admin-security-page.js';
import { AdminTeamController } from './controllers/admin-team.controller.js';
import { AuthController } from './controllers/auth.controller.js';
import { PasswordResetController } from './controllers/password-reset.controller.js';
import { AdminThrottles } from './middleware/login-throttle.js';
import { requireAdmin } from './middleware/require-admin.js';
import { SecurityPolicyController } from './controllers/security-policy.controller.js';
import { SecurityPolicyRepository } from './repositories/security-policy.repository.js';
import { SecurityPolicyService } from './services/security-policy.service.js';
import { createSessionMiddleware } from './middleware/session.js';
import { signInCsrf } from './middleware/sign-in-csrf.js';
import { AdminInvitationRepository } from './repositories/admin-invitation.repository.js';
import { AdministratorRepository } from './repositories/administrator.repository.js';
import { PasswordResetRepository } from './repositories/password-reset.repository.js';
import type { ActivityLog } from './services/activity-log.service.js';
import { AdminAuthService } from './services/admin-auth.service.js';
import { AdminInvitationService } from './services/admin-invitation.service.js';
import { AdminSecurityMail } from './services/admin-security-mail.service.js';
import { AdminTeamService } from './services/admin-team.service.js';
import type { BrandLook } from './services/brand.service.js';
import type { MailAddressCheck } from './services/mail-address-check.js';
import { PasswordResetService } from './services/password-reset.service.js';
import { RecoveryCodeSheets } from './services/recovery-code-sheets.service.js';
import { SecondFactorService } from './services/second-factor.service.js';
import type { RouteDeps } from './routes.js';

export interface AccountDeps {
  config: Config;
  db: Db;
  logger: Logger;
  clock: () => Date;
  /** The agency brand, read when an e-mail about an account is made. */
  brandLook: () => Promise<BrandLook>;
  activity: ActivityLog;
  mailAddresses: MailAddressCheck;
}

/** What the route table takes from the administrator's account. */
export type AccountRoutes = Pick<
  RouteDeps,
  | 'auth'
  | 'account'
  | 'adminSecurity'
  | 'team'
  | 'invitation'
  | 'invitationThrottle'
  | 'recoveryCodes'
  | 'session'
  | 'requireAdmin'
  | 'securityPolicy'
  | 'loginThrottle'
  | 'passwordThrottle'
  | 'secondFactorOffThrottle'
  | 'recoveryRenewalThrottle'
  | 'signInCsrf'
  | 'passwordReset'
  | 'resetLinkThrottle'
  | 'resetFormThrottle'
>;

/**
 * The administrator's account, wired once for app.ts: the session, signing in with its throttles and the second
 * factor, the password and its reset by e-mail, the security page and its recovery codes, the team page.
 */
export function createAccount({ config, db, logger, clock, brandLook, activity, mailAddresses }: AccountDeps): {
  auth: AdminAuthService;
  /** Whether e-mails about an account are sent (the sign-in form offers "Şifremi unuttum" then). */
  mailEnabled: boolean;
  routes: AccountRoutes;
} {
  const now = () => clock().getTime();
  const administrators = new AdministratorRepository(db);
  // E-mails about an administrator's own account, queued with the change they tell of.
  const securityMail = new AdminSecurityMail(config, brandLook, now);
  const auth = new AdminAuthService(administrators, clock, logger, securityMail);
  const secondFactor = new SecondFactorService(administrators, auth, config.sessionSecret, now, securityMail);
  const authController = new AuthController(auth, secondFactor, now, activity);
  const accountController = new AccountController(auth, now, activity);
  // The security page: the second factor's forms and the recovery codes' (copy, download, renewal).
  const recoverySheets = new RecoveryCodeSheets(administrators, config.sessionSecret, now);
  // The agency's rule "ikinci adım zorunlu": set on the security page, checked on every administrator request.
  const securityPolicy = new SecurityPolicyService(new SecurityPolicyRepository(db), administrators, activity, now);
  const securityPage = new AdminSecurityPage(secondFactor, recoverySheets, securityPolicy, config.timeZone);
  const securityController = new AdminSecurityController(secondFactor, securityPage, activity);
  const recoveryCodes = new AdminRecoveryCodesController(secondFactor, recoverySheets, securityPage, activity);
  const throttles = new AdminThrottles(db, config.sessionSecret, logger, now);
  const passwordReset = new PasswordResetController(
    new PasswordResetService(new PasswordResetRepository(db), administrators, auth, securityMail, now),
    activity,
    mailAddresses,
  );
  // The team page's invitations, e-mailed as the security e-mails are when e-mail is set up.
  const invitations = new AdminInvitationService(
    new AdminInvitationRepository(db),
    administrators,
    auth,
    securityMail,
    now,
  );
  const invitation = new AdminInvitationController(invitations, activity, now);
  const team = new AdminTeamService(administrators, activity, now);
  return {
    auth,
    mailEnabled: securityMail.enabled,
    routes: {
      auth: authController,
      account: accountController,
      adminSecurity: securityController,
      securityPolicy: new SecurityPolicyController(securityPolicy, auth, securityPage),
      team: new AdminTeamController(team, invitations, config.timeZone, now, config.baseUrl),
      invitation,
      invitationThrottle: throttles.resetForm(invitation.throttled),
      recoveryCodes,
      session: createSessionMiddleware(db, config.sessionSecret).middleware,
      requireAdmin: requireAdmin(auth, now, activity, securityPolicy),
      loginThrottle: throttles.signIn(authController.throttled),
      passwordThrottle: throttles.password(accountController.throttled),
      secondFactorOffThrottle: [
        throttles.password(securityController.throttled),
        throttles.code(securityController.throttled),
      ],
      recoveryRenewalThrottle: [throttles.password(recoveryCodes.throttled), throttles.code(recoveryCodes.throttled)],
      signInCsrf: signInCsrf(config.sessionSecret),
      passwordReset,
      resetLinkThrottle: throttles.resetLinks(passwordReset.throttled),
      resetFormThrottle: throttles.resetForm(passwordReset.throttled),
    },
  };
}
