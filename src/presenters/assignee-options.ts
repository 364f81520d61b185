/** An administrator as the assignee selects show them (docs/product.md, Administrators and roles). */
export interface AssigneeOption {
  id: number;
  label: string;
}

interface Assignable {
  id: number;
  name: string | null;
  email: string;
  isActive: boolean;
}

/** Named by their name, else their e-mail. */
export function assigneeLabel(admin: Pick<Assignable, 'name' | 'email'>): string {
  return admin.name ?? admin.email;
}

/** The options of a select: every administrator (a filter), or only the active ones (whom to assign to). */
export function assigneeOptions(admins: readonly Assignable[], which: 'all' | 'active'): AssigneeOption[] {
  return admins
    .filter((admin) => which === 'all' || admin.isActive)
    .map((admin) => ({ id: admin.id, label: assigneeLabel(admin) }));
}
