import type { SnapshotAccount } from '../content/content-snapshot.ts';

const dayMs = 24 * 60 * 60_000;
/** A secret this close to its expiry is flagged, so there is time to rotate it. */
const expiryNoticeDays = 30;

const accountWarnings = {
  masterUser: 'ROPC no funciona con MFA; use una entidad de servicio.',
  expired: (date: string) => `El secreto o certificado venció el ${date}: renuévelo.`,
  expiring: (date: string, days: number) =>
    `El secreto o certificado vence el ${date} (en ${days} días): renuévelo a tiempo.`,
} as const;

/** The accounts table's warnings for one account at `now` (ms). */
export function warningsFor(
  account: Pick<SnapshotAccount, 'authType' | 'secretExpiresAt'>,
  now: number,
): string[] {
  const warnings: string[] = [];
  if (account.authType === 'MasterUser') warnings.push(accountWarnings.masterUser);
  if (account.secretExpiresAt) {
    const days = Math.ceil((Date.parse(account.secretExpiresAt) - now) / dayMs);
    if (days <= 0) warnings.push(accountWarnings.expired(account.secretExpiresAt));
    else if (days <= expiryNoticeDays) {
      warnings.push(accountWarnings.expiring(account.secretExpiresAt, days));
    }
  }
  return warnings;
}
