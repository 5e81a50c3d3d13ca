import { roles } from '@vitrina/contracts';
import type { AppContext } from '../context.ts';
import { generateTemporaryPassword } from '../lib/passwords.ts';
import { usersRepository } from '../modules/users/users.repository.ts';

export const firstAdminUsername = 'admin';

export interface FirstAdminResult {
  created: boolean;
  /** Only when the password was generated here (so it must be shown once). */
  generatedPassword?: string;
}

/**
 * On an empty database, creates the administrator `admin` with VITRINA_ADMIN_PASSWORD, or with
 * a random password satisfying the rule that the caller prints once.
 */
export async function ensureFirstAdministrator(
  context: Pick<AppContext, 'db' | 'clock' | 'passwords' | 'audit' | 'config'>,
): Promise<FirstAdminResult> {
  const { db, clock, passwords, audit, config } = context;
  if ((await usersRepository.count(db)) > 0) return { created: false };
  const generatedPassword = config.adminPassword ? undefined : generateTemporaryPassword();
  const password = config.adminPassword ?? generatedPassword ?? '';
  const passwordHash = await passwords.hash(password);
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await usersRepository.create(trx, {
      username: firstAdminUsername,
      firstname: 'Administrador',
      lastname: 'Vitrina',
      mail: 'admin@vitrina.local',
      rol: roles.administrator,
      password_hash: passwordHash,
      password_temporary: generatedPassword ? 1 : 0,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    });
    await audit.record(
      trx,
      { id: null, username: 'sistema', ip: null },
      {
        action: 'user.created',
        targetType: 'user',
        targetId: row.id,
        detail: { username: row.username, reason: 'first administrator' },
      },
    );
  });
  return generatedPassword ? { created: true, generatedPassword } : { created: true };
}

/** The clearly visible block printed once with a generated administrator password. */
export function firstAdminBanner(password: string): string {
  const line = '='.repeat(64);
  return [
    '',
    line,
    '  Vitrina: se creó el administrador inicial',
    `  Usuario:     ${firstAdminUsername}`,
    `  Contraseña:  ${password}`,
    '  Guárdela ahora: no se volverá a mostrar. Cámbiela al ingresar.',
    line,
    '',
  ].join('\n');
}
