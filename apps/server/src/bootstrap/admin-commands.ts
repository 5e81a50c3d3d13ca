import { limits, roles } from '@vitrina/contracts';
import type { AppContext } from '../context.ts';
import { generateTemporaryPassword } from '../lib/passwords.ts';
import { refreshTokensRepository } from '../modules/auth/refresh-tokens.repository.ts';
import { usersRepository } from '../modules/users/users.repository.ts';

type CommandContext = Pick<AppContext, 'db' | 'clock' | 'passwords' | 'audit'>;

const cliActor = { id: null, username: 'cli', ip: null };

/** The operator's way back in: a new administrator with a printed password. */
export async function createAdministrator(
  context: CommandContext,
  username: string,
): Promise<string> {
  const { db, clock, passwords, audit } = context;
  if (username.length === 0 || username.length > limits.username) {
    throw new Error(`El usuario debe tener entre 1 y ${limits.username} caracteres.`);
  }
  if (await usersRepository.getByUsername(db, username)) {
    throw new Error(`El usuario "${username}" ya existe; use reset-password.`);
  }
  const password = generateTemporaryPassword();
  const passwordHash = await passwords.hash(password);
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await usersRepository.create(trx, {
      username,
      firstname: username,
      lastname: 'Administrador',
      mail: `${username}@vitrina.local`,
      rol: roles.administrator,
      password_hash: passwordHash,
      password_temporary: 1,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    });
    await audit.record(trx, cliActor, {
      action: 'user.created',
      targetType: 'user',
      targetId: row.id,
    });
  });
  return password;
}

/** Sets a new random password, lifts any lockout and ends every session of the user. */
export async function resetUserPassword(
  context: CommandContext,
  username: string,
): Promise<{ password: string; userId: number }> {
  const { db, clock, passwords, audit } = context;
  const user = await usersRepository.getByUsername(db, username);
  if (!user) throw new Error(`El usuario "${username}" no existe.`);
  const password = generateTemporaryPassword();
  const passwordHash = await passwords.hash(password);
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await usersRepository.update(trx, user.id, {
      password_hash: passwordHash,
      password_temporary: 1,
      failed_logins: 0,
      locked_until: null,
      updated_at: now,
    });
    await refreshTokensRepository.revokeAllOfUser(trx, user.id, now);
    await audit.record(trx, cliActor, {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: user.id,
    });
  });
  return { password, userId: user.id };
}
