import { roles, type Role } from '@vitrina/contracts';

/** A user may not delete themself (they would lock themself out mid-session). */
export function canDeleteUser(actorId: number, targetId: number): boolean {
  return actorId !== targetId;
}

/** Removing or demoting an administrator must leave at least one. */
export function wouldLeaveNoAdministrator(
  targetRol: number,
  newRol: Role | null,
  administratorCount: number,
): boolean {
  const losesAdministrator = targetRol === roles.administrator && newRol !== roles.administrator;
  return losesAdministrator && administratorCount <= 1;
}
