import type { Request, RequestHandler, Response } from 'express';
import { ADMIN_ROLES, isAdminRole } from '../domain/admin-role.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { actingAdmin } from '../http/acting-admin.js';
import { setFlash } from '../middleware/flash.js';
import { invitationRows, ONLY_ASSIGNED_LABEL, ROLE_LABELS, teamRows } from '../presenters/team-rows.js';
import type { AdminInvitationService } from '../services/admin-invitation.service.js';
import type { AdminTeamService, TeamOutcome } from '../services/admin-team.service.js';
import { inviteFormOf, parseInvite, type InviteForm } from '../validation/invitation.validation.js';

export const messages = {
  roleChanged: 'Rol güncellendi.',
  deactivated: 'Yönetici pasifleştirildi; oturumları kapatıldı.',
  activated: 'Yönetici etkinleştirildi.',
  badRole: 'Geçersiz rol. Sahip, Yönetici veya Editör seçin.',
  lastOwner: 'Son etkin sahip değiştirilemez; önce başka bir yöneticiyi sahip yapın.',
  self: 'Kendi hesabınızı pasifleştiremezsiniz.',
  invited: (email: string) => `Davet gönderildi: ${email}`,
  exists: 'Bu e-posta adresiyle bir yönetici zaten var.',
  revoked: (email: string) => `Davet geri alındı: ${email}`,
  shareLink: 'Bu bağlantıyı davet ettiğiniz kişiye iletin; 7 gün geçerlidir ve bir kez kullanılabilir.',
} as const;

/** The invite form as it goes back to the page: what was typed, and each field's error. */
interface InviteState {
  form: InviteForm;
  errors: Record<string, string>;
}

const EMPTY_INVITE: InviteState = { form: { email: '', role: 'editor', onlyAssigned: false }, errors: {} };

/** A refused change, shown on its row: what was sent, and why. */
interface Refusal {
  id: number;
  error: string;
  onlyAssigned?: boolean;
}

/** The route's `:id`: an administrator's id, or a 404. */
function targetId(req: Request): number {
  const raw = String(req.params.id ?? '');
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new NotFoundError();
  return id;
}

/** The team page (docs/product.md, Administrators and roles): `sahip` only, by the route's guard. */
export class AdminTeamController {
  constructor(
    private readonly team: AdminTeamService,
    private readonly invitations: AdminInvitationService,
    private readonly timeZone: string,
    private readonly now: () => number,
    /** Where a shown invitation link points: BASE_URL, else the address the inviter uses. */
    private readonly baseUrl: string | null,
  ) {}

  private async render(
    res: Response,
    status: number,
    refusal: Refusal | null,
    invite: InviteState = EMPTY_INVITE,
    link: string | null = null,
  ): Promise<void> {
    const viewer = actingAdmin(res).id ?? 0;
    res.status(status).render('admin/team', {
      title: 'Ekip',
      rows: teamRows(await this.team.list(), viewer, this.timeZone),
      invitations: invitationRows(await this.invitations.listOpen(), this.now(), this.timeZone),
      roles: ADMIN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] })),
      onlyAssignedLabel: ONLY_ASSIGNED_LABEL,
      refusal,
      invite,
      link,
      shareLink: messages.shareLink,
    });
  }

  /** A link kept from the invitation just made is shown this once and leaves the session. */
  show: RequestHandler = async (req, res) => {
    const link = req.session.invitationLink ?? null;
    delete req.session.invitationLink;
    await this.render(res, 200, null, EMPTY_INVITE, link);
  };

  invite: RequestHandler = async (req, res) => {
    const form = inviteFormOf(req.body as Record<string, unknown>);
    let parsed: ReturnType<typeof parseInvite>;
    try {
      parsed = parseInvite(form);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.render(res, 422, null, { form, errors: { ...err.fields } });
      return;
    }
    const actor = actingAdmin(res);
    const made = await this.invitations.invite(actor, parsed.email, parsed.role, parsed.onlyAssigned);
    if (made.outcome === 'exists') {
      await this.render(res, 422, null, { form, errors: { email: messages.exists } });
      return;
    }
    await this.team.invited(actor, parsed.email, parsed.role, parsed.onlyAssigned);
    if (made.outcome === 'mailed') setFlash(req, 'success', messages.invited(parsed.email));
    else req.session.invitationLink = `${this.origin(req)}/admin/invite/${made.token}`;
    res.redirect(303, '/admin/team');
  };

  /** BASE_URL; without it, the address the inviter is using (the link is shown to them alone, never e-mailed). */
  private origin(req: Request): string {
    return this.baseUrl ?? `${req.protocol}://${req.get('host') ?? ''}`;
  }

  revoke: RequestHandler = async (req, res) => {
    const revoked = await this.invitations.revoke(targetId(req));
    if (!revoked) throw new NotFoundError();
    await this.team.invitationRevoked(actingAdmin(res), revoked.email);
    setFlash(req, 'success', messages.revoked(revoked.email));
    res.redirect(303, '/admin/team');
  };

  role: RequestHandler = async (req, res) => {
    const id = targetId(req);
    const body = req.body as Record<string, unknown>;
    const onlyAssigned = body.only_assigned === '1';
    if (!isAdminRole(body.role)) {
      await this.render(res, 422, { id, error: messages.badRole, onlyAssigned });
      return;
    }
    const outcome = await this.team.changeRole(actingAdmin(res), id, body.role, onlyAssigned);
    await this.answer(req, res, id, outcome, messages.roleChanged, onlyAssigned);
  };

  deactivate: RequestHandler = async (req, res) => {
    const id = targetId(req);
    const outcome = await this.team.deactivate(actingAdmin(res), id);
    await this.answer(req, res, id, outcome, messages.deactivated);
  };

  activate: RequestHandler = async (req, res) => {
    const id = targetId(req);
    await this.answer(req, res, id, await this.team.activate(actingAdmin(res), id), messages.activated);
  };

  private async answer(
    req: Request,
    res: Response,
    id: number,
    outcome: TeamOutcome,
    done: string,
    onlyAssigned?: boolean,
  ): Promise<void> {
    if (outcome === 'unknown') throw new NotFoundError();
    if (outcome === 'changed') {
      setFlash(req, 'success', done);
      res.redirect(303, '/admin/team');
      return;
    }
    const error = outcome === 'self' ? messages.self : messages.lastOwner;
    await this.render(res, 422, { id, error, onlyAssigned });
  }
}
