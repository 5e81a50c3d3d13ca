import { passwordPattern } from '@vitrina/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdministrator, resetUserPassword } from '../src/bootstrap/admin-commands.ts';
import { ensureFirstAdministrator, firstAdminBanner } from '../src/bootstrap/first-admin.ts';
import { buildTestApp, callApi, login, testDialects, type TestApp } from './helper.ts';

describe.each(testDialects)(
  'first administrator and admin CLI ($dialect)',
  ({ dialect, available }) => {
    let context: TestApp | undefined;
    afterEach(async () => {
      await context?.close();
      context = undefined;
    });

    it.skipIf(!available)(
      'creates admin with VITRINA_ADMIN_PASSWORD on an empty database, once',
      async () => {
        context = await buildTestApp(dialect, { env: { VITRINA_ADMIN_PASSWORD: 'Admin1234' } });
        expect(await ensureFirstAdministrator(context.app.context)).toEqual({ created: true });
        expect(await ensureFirstAdministrator(context.app.context)).toEqual({ created: false });
        const admin = await login(context.app, 'admin', 'Admin1234');
        expect(admin.rol).toBe(0);
      },
    );

    it.skipIf(!available)(
      'generates a rule-satisfying password and shows it in a visible block',
      async () => {
        context = await buildTestApp(dialect);
        const result = await ensureFirstAdministrator(context.app.context);
        expect(result.generatedPassword).toMatch(passwordPattern);
        const banner = firstAdminBanner(result.generatedPassword ?? '');
        expect(banner).toContain(`Contraseña:  ${result.generatedPassword}`);
        expect(banner).toMatch(/={20,}/);
        expect((await login(context.app, 'admin', result.generatedPassword ?? '')).username).toBe(
          'admin',
        );
      },
    );

    it.skipIf(!available)(
      'CLI create and reset-password give working passwords and end sessions',
      async () => {
        context = await buildTestApp(dialect);
        const created = await createAdministrator(context.app.context, 'jefa');
        const session = await login(context.app, 'jefa', created);
        expect(session.rol).toBe(0);
        await expect(createAdministrator(context.app.context, 'jefa')).rejects.toThrow(/ya existe/);

        const { password: reset } = await resetUserPassword(context.app.context, 'jefa');
        expect(reset).toMatch(passwordPattern);
        const refresh = await callApi(context.app, {
          method: 'POST',
          url: '/api/user/refreshtoken',
          body: { token: session.refreshToken },
        });
        expect(refresh.statusCode).toBe(401);
        expect((await login(context.app, 'jefa', reset)).username).toBe('jefa');
        await expect(resetUserPassword(context.app.context, 'nadie')).rejects.toThrow(/no existe/);
      },
    );
  },
);

describe('VITRINA_ADMIN_PASSWORD', () => {
  it('must satisfy the password rule', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ VITRINA_ADMIN_PASSWORD: 'admin' })).toThrow(
      /VITRINA_ADMIN_PASSWORD: El campo no cumple con la longitud minima/,
    );
    expect(loadConfig({ VITRINA_ADMIN_PASSWORD: 'Admin1234' }).adminPassword).toBe('Admin1234');
  });
});
