import type { RouteDeps } from './route-deps.js';
import { redirectSignedIn } from '../middleware/require-admin.js';
import { signedOut, type RouteTable } from './route-table.js';

const SIGN_IN = 'signing in is what makes an administrator';
const FORGOT = 'a forgotten password is asked for signed out';

/**
 * Signing in and out, and "Şifremi unuttum". No session is stored before a sign-in, so these forms' CSRF token lives
 * in a signed cookie (path /login); the reset link's token is a credential.
 */
export function registerSignInRoutes(t: RouteTable, d: RouteDeps): void {
  t.get('/login', signedOut(SIGN_IN, { load: [d.session, redirectSignedIn] }), d.auth.show);
  t.post('/login', signedOut(SIGN_IN, { load: [d.session], throttle: d.loginThrottle }), d.auth.signIn);
  // Whatever session the cookie names is ended, live or not any more.
  t.post('/logout', { access: { kind: 'session', reason: 'signing out ends any session' } }, d.auth.signOut);
  const reset = d.passwordReset;
  t.get('/login/forgot', signedOut(FORGOT, { load: [reset.offered] }), reset.showForgot);
  t.post('/login/forgot', signedOut(FORGOT, { load: [reset.offered], throttle: d.resetLinkThrottle }), reset.sendLink);
  const resetLink = { load: [reset.offered], secretUrl: true } as const;
  t.get('/login/reset/:token', signedOut(FORGOT, resetLink), reset.showReset);
  t.post('/login/reset/:token', signedOut(FORGOT, { ...resetLink, throttle: [d.resetFormThrottle] }), reset.reset);
}
