import type { Request, RequestHandler, Response } from 'express';
import { ADMIN_ROLES, isAdminRole } from '../domain/admin-role.js';
import { NotFoundError } from '../errors.js';
import { actingAdmin } from '../http/acting-admin.js';
import { setFlash } from '../middleware/flash.js';
import { ONLY_ASSIGNED_LABEL, ROLE_LABELS, teamRows } from '../presenters/team-rows.js';
import type { AdminTeamService, TeamOutcome } from '../services/admin-team.service.js';

export const messages = {
  roleChanged: 'Rol güncellendi.',
  deactivated: 'Yönetici pasifleştirildi; oturumları kapatıldı.',
  activated: 'Yönetici etkinleştirildi.',
  badRole: 'Geçersiz rol. Sahip, Yönetici veya Editör seçin.',
  lastOwner: 'Son etkin sahip değiştirilemez; önce başka bir yöneticiyi sahip yapın.',
  self: 'Kendi hesabınızı pasifleştiremezsiniz.',
} as const;

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
    private readonly timeZone: string,
  ) {}

  private async render(res: Response, status: number, refusal: Refusal | null): Promise<void> {
    const viewer = actingAdmin(res).id ?? 0;
    res.status(status).render('admin/team', {
      title: 'Ekip',
      rows: teamRows(await this.team.list(), viewer, this.timeZone),
      roles: ADMIN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] })),
      onlyAssignedLabel: ONLY_ASSIGNED_LABEL,
      refusal,
    });
  }

  show: RequestHandler = async (_req, res) => {
    await this.render(res, 200, null);
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
