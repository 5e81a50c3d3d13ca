import {
  errorMessages,
  roles,
  type ChangePasswordRequest,
  type Role,
  type User,
  type UserOrigin,
} from '@vitrina/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, appErrors } from '../../errors.ts';
import type { Actor } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateTemporaryPassword } from '../../lib/passwords.ts';
import { temporaryPasswordMail } from './users.mail.ts';
import { canDeleteUser, wouldLeaveNoAdministrator } from './users.policy.ts';
import { toUserDto, toUserOriginDto } from './users.presenter.ts';
import { usersRepository } from './users.repository.ts';

export interface UserFields {
  username?: string | undefined;
  firstname: string;
  lastname: string;
  mail: string;
  rol: Role;
}

/** User administration and own-password changes. Multi-row changes run in one transaction. */
export function createUsersService(context: AppContext) {
  const { db, clock, audit, passwords, mailer, config, sessions } = context;

  /** A provider user's password is the provider's: the portal neither resets nor sets one. */
  function refuseProviderAccount(user: { oidc_subject: string | null }) {
    if (user.oidc_subject !== null) {
      throw new AppError(
        'forbidden',
        'Este usuario ingresa con la cuenta de su empresa: no tiene contraseña del portal.',
      );
    }
  }

  async function requireUser(id: number) {
    const user = await usersRepository.getById(db, id);
    if (!user) throw appErrors.notFound(errorMessages.userNotFound);
    return user;
  }

  /** Sends the mail inside the caller's transaction: if it cannot be sent, nothing is saved. */
  async function mailTemporaryPassword(
    user: { username: string; firstname: string; mail: string },
    password: string,
    reason: 'created' | 'reset',
  ) {
    try {
      await mailer.send(temporaryPasswordMail(user, password, reason, config.portalUrl));
    } catch (error) {
      throw new AppError('bad_gateway', errorMessages.mailFailed, { cause: error });
    }
  }

  return {
    async list(): Promise<User[]> {
      return (await usersRepository.list(db)).map(toUserDto);
    },

    async origins(): Promise<UserOrigin[]> {
      return (await usersRepository.list(db)).map(toUserOriginDto);
    },

    async create(actor: Actor, fields: UserFields & { username: string }): Promise<User> {
      if (await usersRepository.getByUsername(db, fields.username)) {
        throw appErrors.conflict(errorMessages.usernameTaken);
      }
      const password = generateTemporaryPassword();
      const passwordHash = await passwords.hash(password);
      const now = clock.now().toISOString();
      const created = db.transaction().execute(async (trx) => {
        const row = await usersRepository.create(trx, {
          ...fields,
          password_hash: passwordHash,
          password_temporary: 1,
          failed_logins: 0,
          created_at: now,
          updated_at: now,
        });
        await audit.record(trx, actor, {
          action: 'user.created',
          targetType: 'user',
          targetId: row.id,
          detail: { username: row.username, rol: row.rol },
        });
        await mailTemporaryPassword(row, password, 'created');
        return toUserDto(row);
      });
      // Two administrators creating the same username at once: the database decides.
      return created.catch((error: unknown) => {
        throw isUniqueViolation(error) ? appErrors.conflict(errorMessages.usernameTaken) : error;
      });
    },

    async update(actor: Actor, id: number, fields: UserFields): Promise<User> {
      const current = await requireUser(id);
      if (fields.username !== undefined && fields.username !== current.username) {
        throw appErrors.validation('username', errorMessages.usernameReadOnly);
      }
      const roleChanges = fields.rol !== current.rol;
      const entry = (after: User) => ({
        action: 'user.updated',
        targetType: 'user',
        targetId: id,
        detail: { before: toUserDto(current), after },
      });
      const updated = await audit.change(db, actor, entry, async (trx) => {
        const admins = await usersRepository.countAdministrators(trx);
        if (wouldLeaveNoAdministrator(current.rol, fields.rol, admins)) {
          throw appErrors.conflict(errorMessages.lastAdministrator);
        }
        const row = await usersRepository.update(trx, id, {
          firstname: fields.firstname,
          lastname: fields.lastname,
          mail: fields.mail,
          rol: fields.rol,
          updated_at: clock.now().toISOString(),
        });
        if (!row) throw appErrors.notFound(errorMessages.userNotFound);
        // Only viewers hold report permissions; an administrator sees everything anyway.
        if (fields.rol === roles.administrator) await usersRepository.deletePermissions(trx, id);
        // The role is part of every session (and of the user the browser keeps): sign in again.
        if (roleChanges) await sessions.revokeAllOfUser(trx, id);
        return toUserDto(row);
      });
      if (roleChanges) sessions.invalidate({ kind: 'user', userId: id });
      return updated;
    },

    async delete(actor: Actor & { id: number }, id: number): Promise<void> {
      const target = await requireUser(id);
      if (!canDeleteUser(actor.id, id)) throw appErrors.conflict(errorMessages.cannotDeleteSelf);
      const entry = {
        action: 'user.deleted',
        targetType: 'user',
        targetId: id,
        detail: { username: target.username },
      };
      await audit.change(db, actor, entry, async (trx) => {
        const admins = await usersRepository.countAdministrators(trx);
        if (wouldLeaveNoAdministrator(target.rol, null, admins)) {
          throw appErrors.conflict(errorMessages.lastAdministrator);
        }
        await usersRepository.deleteWithDependents(trx, id);
      });
      sessions.invalidate({ kind: 'user', userId: id });
    },

    async resetPassword(actor: Actor, id: number): Promise<User> {
      const target = await requireUser(id);
      refuseProviderAccount(target);
      const password = generateTemporaryPassword();
      const passwordHash = await passwords.hash(password);
      const reset = await db.transaction().execute(async (trx) => {
        const row = await usersRepository.update(trx, id, {
          password_hash: passwordHash,
          password_temporary: 1,
          failed_logins: 0,
          locked_until: null,
          updated_at: clock.now().toISOString(),
        });
        if (!row) throw appErrors.notFound(errorMessages.userNotFound);
        // Whoever held the old password may hold a session too: end them all.
        await sessions.revokeAllOfUser(trx, id);
        await audit.record(trx, actor, {
          action: 'user.password_reset',
          targetType: 'user',
          targetId: id,
          detail: { username: target.username },
        });
        await mailTemporaryPassword(row, password, 'reset');
        return toUserDto(row);
      });
      sessions.invalidate({ kind: 'user', userId: id });
      return reset;
    },

    /**
     * The form asks for no current password (decision 0013), so whoever holds a session can use
     * it: every other session of the user ends, the one that made the change goes on.
     */
    async changeOwnPassword(
      actor: Actor & { id: number; sessionId: string },
      request: ChangePasswordRequest,
    ) {
      refuseProviderAccount(
        (await usersRepository.getById(db, actor.id)) ?? { oidc_subject: null },
      );
      const passwordHash = await passwords.hash(request.password);
      const changed = await db.transaction().execute(async (trx) => {
        const row = await usersRepository.update(trx, actor.id, {
          password_hash: passwordHash,
          password_temporary: 0,
          updated_at: clock.now().toISOString(),
        });
        if (!row) throw appErrors.unauthorized();
        const ended = await sessions.revokeAllOfUser(trx, actor.id, { keep: actor.sessionId });
        await audit.record(trx, actor, {
          action: 'user.password_changed',
          targetType: 'user',
          targetId: actor.id,
          detail: { otherSessionTokensRevoked: ended },
        });
        return toUserDto(row);
      });
      sessions.invalidate({ kind: 'user', userId: actor.id });
      return changed;
    },
  };
}
