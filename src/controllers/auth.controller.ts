import type { Request, RequestHandler, Response } from 'express';
import type { AdminAuthService } from '../services/admin-auth.service.js';
import { throttledMessage } from '../middleware/login-throttle.js';
import { wantsJson } from '../http/respond.js';

export const messages = {
  failed: 'Giriş başarısız. Email veya şifre hatalı.',
} as const;

function renderLogin(res: Response, status: number, email: string, error: string | null): void {
  res.status(status).render('login', { title: 'Yönetici Girişi', email, error });
}

export class AuthController {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly now: () => number,
  ) {}

  show: RequestHandler = (_req, res) => {
    renderLogin(res, 200, '', null);
  };

  signIn: RequestHandler = async (req, res, next) => {
    const body = req.body as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().slice(0, 254) : '';
    const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
    const admin = email && password ? await this.auth.authenticate(email, password) : null;
    if (!admin) {
      if (wantsJson(req)) {
        res.status(401).json({ ok: false, error: messages.failed });
        return;
      }
      renderLogin(res, 401, email, messages.failed);
      return;
    }
    // A fresh session id on sign-in, so a session fixed before it is worth nothing after.
    req.session.regenerate((err) => {
      if (err) {
        next(err);
        return;
      }
      req.session.adminId = admin.id;
      req.session.signedInAt = this.now();
      req.session.save((saveErr) => {
        if (saveErr) next(saveErr);
        else if (wantsJson(req)) res.json({ ok: true, redirect: '/admin' });
        else res.redirect(303, '/admin');
      });
    });
  };

  signOut: RequestHandler = (req, res, next) => {
    req.session.destroy((err) => {
      if (err) {
        next(err);
        return;
      }
      res.clearCookie('vizit.sid', { path: '/' });
      res.redirect(303, '/login');
    });
  };

  throttled = (req: Request, res: Response): void => {
    if (wantsJson(req)) {
      res.status(429).json({ ok: false, error: throttledMessage });
      return;
    }
    const body = req.body as Record<string, unknown>;
    renderLogin(res, 429, typeof body.email === 'string' ? body.email.trim().slice(0, 254) : '', throttledMessage);
  };
}
