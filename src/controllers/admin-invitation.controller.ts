import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import { markGuard } from '../http/route-guard.js';
import { setFlash } from '../middleware/flash.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { AdminInvitationService, Invitation } from '../services/admin-invitation.service.js';
import { parseAcceptance } from '../validation/invitation.validation.js';

export const messages = {
  unknown: 'Bu davet bağlantısı geçerli değil. Bağlantıyı e-postadan ya da size iletilen mesajdan eksiksiz kopyalayın.',
  used: 'Bu davet bağlantısı kullanılmış.',
  expired: 'Bu davet bağlantısının süresi dolmuş; sizi davet eden kişiden yeni bir davet isteyin.',
  refused: 'Hesap açılamadı. Lütfen alanları kontrol edin.',
  taken: 'Bu e-posta adresiyle artık bir yönetici var. Giriş sayfasından o hesapla giriş yapın.',
  welcome: 'Hoş geldiniz. İkinci adımı Güvenlik sayfasından açabilirsiniz.',
} as const;

type Errors = Record<string, string>;

/** The invitation the route's guard found for the link's token. */
function invitationOf(res: Response): Invitation {
  return res.locals.invitation as Invitation;
}

/**
 * Accepting an invitation (docs/product.md, Administrators and roles): GET/POST /admin/invite/{token}, a signed-out
 * page like the password reset's. The token in the URL is the credential: `load` checks it before anything else
 * reads the request (its route's access is `invitation`, docs/architecture.md, Route guards).
 */
export class AdminInvitationController {
  constructor(
    private readonly invitations: AdminInvitationService,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
  ) {}

  private renderForm(res: Response, status: number, name: string, errors: Errors, limited: string | null = null): void {
    const invitation = invitationOf(res);
    const refused = Object.keys(errors).length > 0 ? (errors.taken ?? messages.refused) : null;
    res.status(status).render('admin-invite', {
      title: 'Daveti Kabul Et',
      email: invitation.email,
      token: String(res.req.params.token ?? ''),
      name,
      errors,
      refused,
      limited,
    });
  }

  /** 404 for a token no invitation has, 410 for a used or expired one; the address is never said. */
  private renderGone(res: Response, status: 404 | 410, message: string): void {
    res.status(status).render('admin-invite-gone', { title: 'Davet Geçersiz', message });
  }

  /** The route's credential check: the invitation of `:token`, unused and unexpired, in `res.locals.invitation`. */
  load: RequestHandler = markGuard<RequestHandler>((req: Request, res: Response, next: NextFunction) => {
    this.invitations
      .find(String(req.params.token ?? ''))
      .then((found) => {
        if (found === null) this.renderGone(res, 404, messages.unknown);
        else if (found.state !== 'live') this.renderGone(res, 410, messages[found.state]);
        else {
          res.locals.invitation = found.invitation;
          next();
        }
      })
      .catch(next);
  }, 'invitation-token');

  show: RequestHandler = (_req, res) => {
    this.renderForm(res, 200, '', {});
  };

  /** A refused form comes back with the name kept and the passwords empty; done: signed in, on /admin. */
  accept: RequestHandler = async (req, res, next) => {
    const invitation = invitationOf(res);
    const body = req.body as Record<string, unknown>;
    const typedName = typeof body.name === 'string' ? body.name.trim().slice(0, 200) : '';
    let chosen: { name: string; password: string };
    try {
      chosen = parseAcceptance(body, invitation.email);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      this.renderForm(res, 422, typedName, { ...err.fields });
      return;
    }
    const accepted = await this.invitations.accept(invitation, chosen.name, chosen.password);
    if (accepted.outcome === 'gone') {
      this.renderGone(res, 410, messages.used);
      return;
    }
    if (accepted.outcome === 'taken') {
      this.renderForm(res, 422, typedName, { taken: messages.taken });
      return;
    }
    const who = { id: accepted.id, email: invitation.email };
    await this.activity.invitationAccepted(who);
    this.signIn(req, res, next, who.id);
  };

  /** Signed in as sign-in does it: a fresh session id, so a session fixed before it is worth nothing after. */
  private signIn(req: Request, res: Response, next: NextFunction, adminId: number): void {
    req.session.regenerate((err) => {
      if (err) {
        next(err);
        return;
      }
      req.session.adminId = adminId;
      req.session.signedInAt = this.now();
      setFlash(req, 'success', messages.welcome);
      req.session.save((saveErr) => {
        if (saveErr) next(saveErr);
        else res.redirect(303, '/admin');
      });
    });
  }

  /** A throttle said no: the form again, with how long to wait. */
  throttled = (req: Request, res: Response, message: string): void => {
    const typed = (req.body as Record<string, unknown> | undefined)?.name;
    this.renderForm(res, 429, typeof typed === 'string' ? typed.trim().slice(0, 200) : '', {}, message);
  };
}
