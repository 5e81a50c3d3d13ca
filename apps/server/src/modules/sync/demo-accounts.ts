import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { auditRepository } from '../../lib/audit.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';

/** The bundled BI service's demo integration identities (seeded there when VITRINA_DEMO is on). */
export const demoIdentities = [
  {
    username: 'integracion.comercial@vitrina.demo',
    password: 'Comercial2024',
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
    description: 'Retail Andino - Comercial',
  },
  {
    username: 'integracion.finanzas@vitrina.demo',
    password: 'Finanzas2024',
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a02',
    description: 'Retail Andino - Finanzas y RR. HH.',
  },
] as const;

const seededAction = 'demo.accounts.seed';

/**
 * Registers the demo identities as accounts once per database: only when there are no accounts
 * and they were never seeded before (an administrator who deleted them does not get them back).
 * Returns the ids of the accounts created.
 */
export async function seedDemoAccounts(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditLog;
  secrets: SecretBox;
}): Promise<number[]> {
  return deps.db.transaction().execute(async (trx) => {
    const seeded = await auditRepository.hasAction(trx, seededAction);
    if (seeded || (await accountsRepository.listIds(trx)).length) return [];
    const now = deps.clock.now().toISOString();
    const ids: number[] = [];
    for (const identity of demoIdentities) {
      ids.push(
        await accountsRepository.create(trx, {
          username: identity.username,
          password_encrypted: deps.secrets.encrypt(identity.password),
          client_id: identity.clientId,
          description: identity.description,
          error: 0,
          message: null,
          last_sync_at: null,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    await deps.audit.record(
      trx,
      { id: null, username: null, ip: null },
      { action: seededAction, targetType: 'account', targetId: ids.join(',') },
    );
    return ids;
  });
}
