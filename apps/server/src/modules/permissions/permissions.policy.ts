import { roles } from '@vitrina/contracts';
import type { ElementType } from './permissions.repository.ts';

/** Who is asking: only the id and role matter to the policies. */
export interface PolicyUser {
  id: number;
  rol: number;
}

/** A viewer's grants in force, split by level. */
export interface Grants {
  accountIds: Set<number>;
  workspaceBiIds: Set<string>;
  reportBiIds: Set<string>;
  /** When the first of them ends (epoch ms); absent when none ends. Past it the set is stale. */
  endsAt?: number;
}

/** Where a report sits in the account > workspace > report hierarchy. */
export interface ReportLocation {
  accountId: number;
  workspaceBiId: string;
  reportBiId: string;
}

export function isAdministrator(user: PolicyUser): boolean {
  return user.rol === roles.administrator;
}

/** Only viewers receive report permissions (spec section 6). */
export function canHoldPermissions(user: PolicyUser): boolean {
  return user.rol === roles.viewer;
}

/**
 * Administrators see every report; a viewer sees a report when they hold a permission on it, on
 * its workspace or on its account (access is inherited downwards).
 */
export function canViewReport(user: PolicyUser, report: ReportLocation, grants: Grants): boolean {
  return (
    isAdministrator(user) ||
    grants.accountIds.has(report.accountId) ||
    grants.workspaceBiIds.has(report.workspaceBiId) ||
    grants.reportBiIds.has(report.reportBiId)
  );
}

/** May `user` read or change data that belongs to `ownerId` (accounts tree, favorites)? */
export function canActFor(user: PolicyUser, ownerId: number): boolean {
  return user.id === ownerId || isAdministrator(user);
}

/** A grant works until its "Válido hasta" (exclusive); one without an end always works. */
export function isGrantInForce(validUntil: string | null, now: number): boolean {
  return validUntil === null || Date.parse(validUntil) > now;
}

/** The grants in force at `now` among permission rows, with when the first of them ends. */
export function grantsFrom(
  rows: { account_element_id: string; element_type: ElementType; valid_until: string | null }[],
  now: number,
): Grants {
  const grants: Grants = {
    accountIds: new Set(),
    workspaceBiIds: new Set(),
    reportBiIds: new Set(),
  };
  for (const row of rows) {
    if (!isGrantInForce(row.valid_until, now)) continue;
    if (row.valid_until !== null)
      grants.endsAt = Math.min(grants.endsAt ?? Infinity, Date.parse(row.valid_until));
    if (row.element_type === 'account') grants.accountIds.add(Number(row.account_element_id));
    else if (row.element_type === 'workspace') grants.workspaceBiIds.add(row.account_element_id);
    else grants.reportBiIds.add(row.account_element_id);
  }
  return grants;
}
