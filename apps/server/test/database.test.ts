import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors.ts';
import { portalMigrations } from '../src/db/migrate.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { useSeededApp } from './fixtures.ts';
import { callApi, createUser, snapshotCounts, testDialects } from './helper.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`database layer (${dialect})`, () => {
    // An SMTP server that refuses connections: mail delivery really fails.
    const state = useSeededApp(dialect, available, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });

    it('round-trips text, unicode and integers through the repository', async () => {
      const user = await createUser(state.context.db, {
        username: 'ñandú',
        firstname: 'Zoë 李 🚀',
      });
      const row = await usersRepository.getById(state.context.db, user.id);
      expect(row).toMatchObject({
        username: 'ñandú',
        firstname: 'Zoë 李 🚀',
        rol: 1,
        failed_logins: 0,
      });
      expect(typeof row?.id).toBe('number');
      expect(await usersRepository.countAdministrators(state.context.db)).toBe(1);
    });

    it('reports unique violations the same way on both dialects', async () => {
      const error = await createUser(state.context.db, { username: 'lectora' }).catch(
        (caught: unknown) => caught,
      );
      expect(isUniqueViolation(error)).toBe(true);
    });

    it('rolls a transaction back completely when a step fails', async () => {
      const before = await snapshotCounts(state.context.db);
      await expect(
        state.context.db.transaction().execute(async (trx) => {
          await usersRepository.deleteWithDependents(trx, state.fixture.viewer.id);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await snapshotCounts(state.context.db)).toEqual(before);
    });

    it('cascades foreign keys from accounts down to favorites', async () => {
      await state.context.db
        .deleteFrom('accounts')
        .where('id', '=', state.fixture.account.id)
        .execute();
      const counts = await snapshotCounts(state.context.db);
      expect(counts).toMatchObject({ workspaces: 0, reports: 0, favorites: 0 });
    });

    it('creates no user when the welcome mail cannot be sent', async () => {
      const before = await snapshotCounts(state.context.db);
      const response = await callApi(state.context.app, {
        method: 'POST',
        url: '/api/user',
        token: state.fixture.tokens.administrator,
        body: {
          username: 'sinmail',
          firstname: 'Sin',
          lastname: 'Correo',
          mail: 's@vitrina.test',
          rol: 1,
        },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/No se pudo enviar el correo/);
      expect(await snapshotCounts(state.context.db)).toEqual(before);
    });
  });
}

describe('migrations', () => {
  it('each one after 0004 can step down (the audit chain test returns below 0006)', () => {
    const names = Object.entries(portalMigrations('sqlite'))
      .filter(([name]) => name > '0004-oidc')
      .filter(([, migration]) => !migration.down)
      .map(([name]) => name);
    expect(names).toEqual([]);
  });
});
