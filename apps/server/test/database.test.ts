import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { seedFixture, type Fixture } from './fixtures.ts';
import {
  buildTestApp,
  callApi,
  createUser,
  resetDatabase,
  snapshotCounts,
  testDialects,
  type TestApp,
} from './helper.ts';

describe.each(testDialects)('database layer ($dialect)', ({ dialect, available }) => {
  let context: TestApp;
  let fixture: Fixture;
  beforeAll(async () => {
    // An SMTP server that refuses connections: mail delivery really fails.
    if (available)
      context = await buildTestApp(dialect, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => context?.close());
  beforeEach(async () => {
    if (!available) return;
    await resetDatabase(context.db);
    fixture = await seedFixture(context.app, context.db);
  });

  it.skipIf(!available)(
    'round-trips text, unicode and integers through the repository',
    async () => {
      const user = await createUser(context.db, { username: 'ñandú', firstname: 'Zoë 李 🚀' });
      const row = await usersRepository.getById(context.db, user.id);
      expect(row).toMatchObject({
        username: 'ñandú',
        firstname: 'Zoë 李 🚀',
        rol: 1,
        failed_logins: 0,
      });
      expect(typeof row?.id).toBe('number');
      expect(await usersRepository.countAdministrators(context.db)).toBe(1);
    },
  );

  it.skipIf(!available)('reports unique violations the same way on both dialects', async () => {
    const error = await createUser(context.db, { username: 'lectora' }).catch(
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it.skipIf(!available)('rolls a transaction back completely when a step fails', async () => {
    const before = await snapshotCounts(context.db);
    await expect(
      context.db.transaction().execute(async (trx) => {
        await usersRepository.deleteWithDependents(trx, fixture.viewer.id);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await snapshotCounts(context.db)).toEqual(before);
  });

  it.skipIf(!available)('cascades foreign keys from accounts down to favorites', async () => {
    await context.db.deleteFrom('accounts').where('id', '=', fixture.account.id).execute();
    const counts = await snapshotCounts(context.db);
    expect(counts).toMatchObject({ workspaces: 0, reports: 0, favorites: 0 });
  });

  it.skipIf(!available)('creates no user when the welcome mail cannot be sent', async () => {
    const before = await snapshotCounts(context.db);
    const response = await callApi(context.app, {
      method: 'POST',
      url: '/api/user',
      token: fixture.tokens.administrator,
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
    expect(await snapshotCounts(context.db)).toEqual(before);
  });
});
