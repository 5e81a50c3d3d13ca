import { errorMessages, passwordPattern, type Role } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { useSeededApp } from './fixtures.ts';
import {
  callApi,
  login,
  readOutbox,
  snapshotCounts,
  testDialects,
  type ApiRequest,
} from './helper.ts';

/** A `PUT user` body for user `id` with role `rol`; the names and mail matter to no test but one. */
const updateOf = (id: number, rol: Role, names: { firstname?: string } = {}) => ({
  id,
  firstname: 'A',
  lastname: 'B',
  mail: 'ab@vitrina.test',
  rol,
  ...names,
});

/** The temporary password written in a mail (see users.mail.ts). */
function temporaryPasswordIn(mail: string): string {
  const match = /Contraseña temporal: (\w+)/.exec(mail);
  if (!match?.[1]) throw new Error(`no password in mail:\n${mail}`);
  return match[1];
}

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`users (${dialect})`, () => {
    const state = useSeededApp(dialect, available);

    const asAdmin = (request: Omit<ApiRequest, 'token'>) =>
      callApi(state.context.app, { ...request, token: state.fixture.tokens.administrator });
    const newUser = {
      username: 'mramos',
      firstname: 'María',
      lastname: 'Ramos',
      mail: 'maria@vitrina.test',
      rol: '1',
    };

    it('lists users with the fields of spec section 3 only', async () => {
      const response = await asAdmin({ method: 'GET', url: '/api/user' });
      expect(response.statusCode).toBe(200);
      const users = response.json();
      expect(users).toHaveLength(3);
      expect(Object.keys(users[0]).sort()).toEqual([
        'firstname',
        'id',
        'lastname',
        'mail',
        'rol',
        'username',
      ]);
    });

    it('creates a user, mails a temporary password that works, and audits it', async () => {
      const response = await asAdmin({ method: 'POST', url: '/api/user', body: newUser });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ username: 'mramos', firstname: 'María', rol: 1 });

      const [mail] = readOutbox(state.context.dataDir).slice(-1);
      expect(mail).toMatch(/^To: maria@vitrina\.test$/m);
      expect(mail).toContain('Usuario: mramos');
      const password = temporaryPasswordIn(mail ?? '');
      expect(password).toMatch(passwordPattern);
      expect((await login(state.context.app, 'mramos', password)).username).toBe('mramos');

      const audit = await state.context.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.created')
        .execute();
      expect(audit).toMatchObject([
        { actor_id: state.fixture.administrator.id, target_id: String(response.json().id) },
      ]);
    });

    it('defaults the role to Viewer and refuses a taken username', async () => {
      const { rol: _rol, ...withoutRole } = newUser;
      expect(
        (await asAdmin({ method: 'POST', url: '/api/user', body: withoutRole })).json().rol,
      ).toBe(1);
      const before = await snapshotCounts(state.context.db);
      const again = await asAdmin({ method: 'POST', url: '/api/user', body: withoutRole });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(errorMessages.usernameTaken);
      expect(await snapshotCounts(state.context.db)).toEqual(before);
    });

    it('updates a user but never their username', async () => {
      const body = updateOf(state.fixture.viewer.id, 1, { firstname: 'Lucía' });
      const same = await asAdmin({
        method: 'PUT',
        url: '/api/user',
        body: { ...body, username: 'lectora' },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ firstname: 'Lucía', username: 'lectora' });
      const renamed = await asAdmin({
        method: 'PUT',
        url: '/api/user',
        body: { ...body, username: 'otra' },
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json()).toEqual({
        code: 'validation_failed',
        field: 'username',
        message: `Usuario: ${errorMessages.usernameReadOnly}`,
      });
    });

    it('drops the permissions of a viewer promoted to administrator', async () => {
      const body = updateOf(state.fixture.viewer.id, 0);
      expect((await asAdmin({ method: 'PUT', url: '/api/user', body })).statusCode).toBe(200);
      const left = await state.context.db
        .selectFrom('permissions')
        .selectAll()
        .where('user_id', '=', state.fixture.viewer.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('never leaves the portal without an administrator', async () => {
      const demote = updateOf(state.fixture.administrator.id, 1);
      const response = await asAdmin({ method: 'PUT', url: '/api/user', body: demote });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(errorMessages.lastAdministrator);
      const self = await asAdmin({
        method: 'DELETE',
        url: `/api/user/${state.fixture.administrator.id}`,
      });
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(errorMessages.cannotDeleteSelf);
    });

    it('deletes a user with their permissions, favorites and tokens', async () => {
      await login(state.context.app, state.fixture.viewer.username, state.fixture.viewer.password);
      const response = await asAdmin({
        method: 'DELETE',
        url: `/api/user/${state.fixture.viewer.id}`,
      });
      expect(response.statusCode).toBe(204);
      for (const table of ['permissions', 'favorites', 'refresh_tokens'] as const) {
        const rows = await state.context.db
          .selectFrom(table)
          .select('id')
          .where('user_id', '=', state.fixture.viewer.id)
          .execute();
        expect(rows, table).toEqual([]);
      }
      // Their still-valid access token stops working at once.
      const after = await callApi(state.context.app, {
        method: 'GET',
        url: '/api/infraestructure/about',
        token: state.fixture.tokens.viewer,
      });
      expect(after.statusCode).toBe(401);
      expect(
        (await asAdmin({ method: 'DELETE', url: `/api/user/${state.fixture.viewer.id}` }))
          .statusCode,
      ).toBe(404);
    });

    it('resets a password: new temporary one mailed, old sessions revoked', async () => {
      const session = await login(
        state.context.app,
        state.fixture.viewer.username,
        state.fixture.viewer.password,
      );
      const response = await asAdmin({
        method: 'PUT',
        url: '/api/user/reset',
        body: { id: state.fixture.viewer.id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().username).toBe('lectora');
      const mail = readOutbox(state.context.dataDir).at(-1) ?? '';
      expect(mail).toContain('Usuario: lectora');
      const refresh = await callApi(state.context.app, {
        method: 'POST',
        url: '/api/user/refreshtoken',
        body: { token: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      expect((await login(state.context.app, 'lectora', temporaryPasswordIn(mail))).id).toBe(
        state.fixture.viewer.id,
      );
      const unknown = await asAdmin({
        method: 'PUT',
        url: '/api/user/reset',
        body: { id: 999_999 },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(errorMessages.userNotFound);
    });

    it('changes the caller’s own password, whatever id the body carries', async () => {
      const response = await callApi(state.context.app, {
        method: 'PUT',
        url: '/api/user/changepassword',
        token: state.fixture.tokens.viewer,
        body: { id: state.fixture.administrator.id, username: 'admin', password: 'Nueva1234' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().username).toBe('lectora');
      expect((await login(state.context.app, 'lectora', 'Nueva1234')).id).toBe(
        state.fixture.viewer.id,
      );
      expect(
        (await login(state.context.app, 'admin', state.fixture.administrator.password)).id,
      ).toBe(state.fixture.administrator.id);
    });
  });
}
