import { roles } from '@vitrina/contracts';
import type { ElementType } from './permissions.repository.ts';

/** Who is asking: only the id and role matter to the policies. */
export interface PolicyUser {
  id: number;
  rol: number;
}

/** A viewer's grants, split by level. */
export interface Grants {
  accountIds: Set<number>;
  workspaceBiIds: Set<string>;
  reportBiIds: Set<string>;
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

/** Grants from permission rows. */
export function grantsFrom(
  rows: { account_element_id: string; element_type: ElementType }[],
): Grants {
  const grants: Grants = {
    accountIds: new Set(),
    workspaceBiIds: new Set(),
    reportBiIds: new Set(),
  };
  for (const row of rows) {
    if (row.element_type === 'account') grants.accountIds.add(Number(row.account_element_id));
    else if (row.element_type === 'workspace') grants.workspaceBiIds.add(row.account_element_id);
    else grants.reportBiIds.add(row.account_element_id);
  }
  return grants;
}
