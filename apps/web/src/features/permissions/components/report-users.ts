import { Role, type User } from '../../../lib/models.ts';
import { fullName } from '../../../lib/format.ts';

export interface ReportUserLists {
  account: User[];
  workspace: User[];
  report: User[];
}

const byName = (a: User, b: User) => fullName(a).localeCompare(fullName(b), 'es');

/** Candidates for Agregar usuario (spec §5): viewers not already in any of the three lists. */
export function candidateUsers(users: User[], lists: ReportUserLists): User[] {
  const taken = new Set([...lists.account, ...lists.workspace, ...lists.report].map((u) => u.id));
  return users.filter((u) => u.rol === Role.Viewer && !taken.has(u.id)).sort(byName);
}
