import {
  demoServicePrincipal,
  demoUsers,
  publishedDemoCredentials,
  type DemoCredentials,
} from '@vitrina/env/demo';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { auditRepository } from '../../lib/audit.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';

const seededAction = 'demo.accounts.seed';
const replacedAction = 'demo.accounts.published-password-replaced';

interface Dependencies {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditLog;
  secrets: SecretBox;
  /** The published ones outside production, else the installation's (`demoCredentialsFor`). */
  credentials: DemoCredentials;
}

/**
 * Registers the BI service's demo users as accounts once per database: only when there are no
 * accounts and they were never seeded before (an administrator who deleted them does not get them
 * back). Where the credentials are the installation's (production), an account still holding a
 * published demo password gets the installation's: the BI service no longer accepts the published
 * ones there (decision 0220). Returns the ids of the accounts created or changed, to sync.
 */
export async function seedDemoAccounts(deps: Dependencies): Promise<number[]> {
  return deps.db.transaction().execute(async (trx) => {
    const changed = await replacePublishedPasswords(trx, deps);
    const seeded = await auditRepository.hasAction(trx, seededAction);
    if (seeded || (await accountsRepository.listIds(trx)).length) return changed;
    const now = deps.clock.now().toISOString();
    const ids: number[] = [];
    for (const user of demoUsers) {
      ids.push(
        await accountsRepository.create(trx, {
          username: user.username,
          password_encrypted: deps.secrets.encrypt(deps.credentials.passwords[user.username]!),
          client_id: user.clientId,
          description: user.description,
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

/** The demo password or secret an account would hold: by its client id or its user name. */
function demoPasswordOf(
  account: { username: string; client_id: string },
  credentials: DemoCredentials,
): string | undefined {
  return account.client_id.toLowerCase() === demoServicePrincipal.clientId
    ? credentials.servicePrincipalSecret
    : credentials.passwords[account.username.toLowerCase()];
}

async function replacePublishedPasswords(
  trx: Kysely<Database>,
  deps: Dependencies,
): Promise<number[]> {
  if (deps.credentials === publishedDemoCredentials) return [];
  const changed: number[] = [];
  for (const { id } of await accountsRepository.listIds(trx)) {
    const account = (await accountsRepository.getById(trx, id))!;
    const published = demoPasswordOf(account, publishedDemoCredentials);
    if (!published || deps.secrets.decrypt(account.password_encrypted) !== published) continue;
    await accountsRepository.update(trx, id, {
      password_encrypted: deps.secrets.encrypt(demoPasswordOf(account, deps.credentials)!),
      updated_at: deps.clock.now().toISOString(),
    });
    changed.push(id);
  }
  if (changed.length)
    await deps.audit.record(
      trx,
      { id: null, username: null, ip: null },
      { action: replacedAction, targetType: 'account', targetId: changed.join(',') },
    );
  return changed;
}
