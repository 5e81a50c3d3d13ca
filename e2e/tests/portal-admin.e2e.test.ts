import { beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { dialog, expectToast, openAdminPage, pressInDialog, row } from '../src/portal/admin.ts';
import { checkScreen, snapFailure } from '../src/portal/screens.ts';
import { login } from '../src/portal/session.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/** Administrator flows on the real portal and BI service: login screen, layout menus, accounts. */
describe.skipIf(!chromiumAvailable)('portal: administrator', () => {
  const { stack, browser, page } = useSharedPortal({ signedIn: false });

  beforeEach(({ task }) => {
    onTestFailed(() => snapFailure(page(), task.name));
  });

  it('shows the login card, refuses bad credentials in red and lands on /gateway', async () => {
    await page().goto(stack().portalUrl);
    await page().getByText('Credenciales').waitFor();
    await checkScreen(page(), 'login');
    await page().getByRole('button', { name: 'Ingresar' }).click();
    await expect
      .poll(() => page().getByText('El campo es requerido', { exact: true }).count())
      .toBe(2);
    await page().getByPlaceholder('Usuario').fill('admin');
    await page().getByPlaceholder('Contraseña').fill('incorrecta');
    await page().getByRole('button', { name: 'Ingresar' }).click();
    const failure = page().getByRole('alert');
    await failure.waitFor();
    const [red, green, blue] = (await failure.evaluate((el) => getComputedStyle(el).color))
      .match(/\d+/g)!
      .map(Number);
    expect(red).toBeGreaterThan(150);
    expect(Math.max(green ?? 255, blue ?? 255)).toBeLessThan(90);
    await login(page(), stack().portalUrl, 'admin', stack().adminPassword);
    expect(new URL(page().url()).pathname).toBe('/gateway');
  });

  it('sends anonymous visitors to the root with returnUrl, and back there after login', async () => {
    const anonymous = await browser().newPage();
    await anonymous.goto(`${stack().portalUrl}/administration/user`);
    await anonymous.waitForURL((url) => url.pathname === '/');
    expect(new URL(anonymous.url()).searchParams.get('returnUrl')).toBe('/administration/user');
    await anonymous.getByPlaceholder('Usuario').fill('admin');
    await anonymous.getByPlaceholder('Contraseña').fill(stack().adminPassword);
    await anonymous.getByRole('button', { name: 'Ingresar' }).click();
    await anonymous.getByRole('heading', { name: 'Administración - Usuarios' }).waitFor();
    await anonymous.close();
  });

  it('offers the settings and user menus, and the about modal', async () => {
    await page().getByRole('button', { name: 'Administración' }).click();
    for (const label of ['Cuentas', 'Usuarios', 'Permisos']) {
      await page().getByRole('menuitem', { name: label, exact: true }).waitFor();
    }
    await page().keyboard.press('Escape');
    await page()
      .getByRole('button', { name: /^Usuario: / })
      .click();
    for (const label of ['Cambiar contraseña', 'Acerca de', 'Cerrar sesión']) {
      await page().getByRole('menuitem', { name: label }).waitFor();
    }
    await page().getByRole('menuitem', { name: 'Acerca de' }).click();
    const about = dialog(page(), 'Acerca de');
    await about.getByText('1.2.2').waitFor();
    for (const label of ['Versión', 'Instancia', 'Sitio'])
      await about.getByText(label, { exact: true }).waitFor();
    await checkScreen(page(), 'about');
    await page().keyboard.press('Escape');
    await about.waitFor({ state: 'hidden' });
  });

  it('creates, inspects, edits and deletes an integration account', async () => {
    await openAdminPage(page(), 'accounts');
    await row(page(), 'Retail Andino - Comercial').waitFor();
    await checkScreen(page(), 'accounts');

    await page().getByRole('button', { name: 'AGREGAR CUENTA' }).click();
    const create = dialog(page(), 'Agregar cuenta');
    await create.getByLabel('Usuario').fill('no-es-un-mail');
    await create.getByRole('button', { name: 'Grabar' }).click();
    await create.getByText('El campo requiere formato de mail.').waitFor();
    await expect.poll(() => create.getByText('El campo es requerido.').count()).toBe(3);
    await create.getByLabel('Descripción').fill('Cuenta de prueba');
    await create.getByLabel('Usuario').fill('prueba@vitrina.demo');
    await create.getByLabel('Contraseña').fill('no-es-la-clave');
    await create.getByLabel('Application ID').fill('3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01');
    await checkScreen(page(), 'account-create');
    await create.getByRole('button', { name: 'Grabar' }).click();
    await expectToast(page(), 'Agregar cuenta', 'Se agrego la cuenta prueba@vitrina.demo');
    await create.waitFor({ state: 'hidden' });

    // The BI service refuses these credentials: the row shows the error icon and no last update.
    const failing = row(page(), 'Cuenta de prueba');
    await failing.getByRole('button', { name: 'Ver error de la cuenta Cuenta de prueba' }).click();
    const error = dialog(page(), 'Error');
    await error
      .getByText(/^Error al actualizar la información de la cuenta prueba@vitrina\.demo, .+/)
      .waitFor();
    await checkScreen(page(), 'account-error');
    await error.getByRole('button', { name: 'Aceptar' }).click();

    await failing.getByRole('button', { name: 'Editar cuenta Cuenta de prueba' }).click();
    const edit = dialog(page(), 'Editar cuenta');
    expect(await edit.getByLabel('Usuario').inputValue()).toBe('prueba@vitrina.demo');
    expect(await edit.getByLabel('Usuario').isDisabled()).toBe(true);
    await edit.getByLabel('Descripción').fill('Cuenta de prueba editada');
    await edit.getByLabel('Contraseña').fill('otra-clave');
    await edit.getByRole('button', { name: 'Grabar' }).click();
    await expectToast(
      page(),
      'Actualizar cuenta',
      'Se actualizó la cuenta Cuenta de prueba editada',
    );

    await row(page(), 'Cuenta de prueba editada')
      .getByRole('button', { name: 'Eliminar cuenta Cuenta de prueba editada' })
      .click();
    const remove = dialog(page(), 'Eliminar cuenta');
    await remove
      .getByText('¿Está seguro que desea eliminar la cuenta Cuenta de prueba editada?')
      .waitFor();
    await pressInDialog(remove, 'Eliminar');
    await expectToast(page(), 'Eliminar cuenta', 'Se elimino la cuenta Cuenta de prueba editada');
    await row(page(), 'Cuenta de prueba editada').waitFor({ state: 'detached' });
  });

  it('shows the server message and gives the button back when an administration call fails', async () => {
    await openAdminPage(page(), 'users');
    await page().getByRole('button', { name: 'AGREGAR USUARIO' }).click();
    const create = dialog(page(), 'Agregar usuario');
    // The username is taken (the administrator's own): the server answers 409 with a message.
    await create.getByLabel('Nombre').fill('Otra');
    await create.getByLabel('Apellido').fill('Persona');
    await create.getByLabel('Usuario').fill('admin');
    await create.getByLabel('Correo électronico').fill('otra.persona@vitrina.demo');
    await create.getByRole('button', { name: 'Grabar' }).click();
    await page()
      .locator('.ant-notification-notice-error')
      .getByText('Ya existe un usuario con ese nombre de usuario.')
      .waitFor();
    const grabar = create.getByRole('button', { name: 'Grabar' });
    await expect.poll(() => grabar.getAttribute('class')).not.toContain('ant-btn-loading');
    expect(await create.isVisible()).toBe(true);
    await page().keyboard.press('Escape');
    await create.waitFor({ state: 'hidden' });
  });
});
