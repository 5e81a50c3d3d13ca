import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { dialog, expectToast, openAdminPage, pressInDialog, row } from '../src/portal/admin.ts';
import { checkScreen, snap, snapFailure } from '../src/portal/screens.ts';
import { login, logout, temporaryPasswordFor } from '../src/portal/session.ts';
import { expandNode, toggleNode, treeNode } from '../src/portal/tree.ts';
import { phoneContext, reportUid, viewerError, waitForRendered } from '../src/portal/viewer.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const viewer = {
  username: 'vrios',
  firstname: 'Valeria',
  lastname: 'Ríos',
  mail: 'valeria.rios@vitrina.demo',
};
const cardNames = (page: Page, workspace: string) =>
  page
    .locator('.ant-card')
    .filter({ has: page.getByText(workspace, { exact: true }) })
    .getByTestId('report-card')
    .allInnerTexts();

/**
 * The whole viewer journey on the real portal and BI service: an administrator creates a viewer
 * and grants access at account, workspace and report level; the viewer browses, filters, marks a
 * favorite, opens reports (same tab, pop-out, fullscreen, phone), meets 401/403/404, changes the
 * password; the administrator resets and deletes the user.
 */
describe.skipIf(!chromiumAvailable)('portal: viewer journey', () => {
  const { stack, browser, page: admin } = useSharedPortal();
  let viewerContext: BrowserContext;
  let page: Page;
  let password = '';
  let forbiddenUid = '';
  let current: Page | undefined;

  beforeAll(async () => {
    viewerContext = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    page = await viewerContext.newPage();
  });

  beforeEach(({ task }) => {
    onTestFailed(() => snapFailure(current ?? admin(), task.name));
  });

  it('creates a viewer with an account-level grant; the password arrives by mail', async () => {
    current = admin();
    forbiddenUid = await reportUid(admin(), 'Análisis de productos');
    await openAdminPage(admin(), 'users');
    await checkScreen(admin(), 'users');
    await admin().getByRole('button', { name: 'AGREGAR USUARIO' }).click();
    const create = dialog(admin(), 'Agregar usuario');
    await create.getByRole('button', { name: 'Grabar' }).click();
    await expect.poll(() => create.getByText('El campo es requerido.').count()).toBe(4);
    await create.getByLabel('Nombre').fill(viewer.firstname);
    await create.getByLabel('Apellido').fill(viewer.lastname);
    await create.getByLabel('Usuario').fill(viewer.username);
    await create.getByLabel('Correo électronico').fill('sin-arroba');
    await create.getByText('El campo requiere formato de mail.').waitFor();
    await create.getByLabel('Correo électronico').fill(viewer.mail);
    expect(await create.getByLabel('Visualizador').isChecked()).toBe(true);
    await toggleNode(create, 'integracion.finanzas@vitrina.demo');
    await checkScreen(admin(), 'user-create');
    await create.getByRole('button', { name: 'Grabar' }).click();
    await expectToast(admin(), 'Agregar usuario', `Se agrego el usuario ${viewer.username}`);
    await row(admin(), `${viewer.lastname}, ${viewer.firstname}`).waitFor();
    password = temporaryPasswordFor(stack().dataDir, viewer.mail);
    expect(password.length).toBeGreaterThanOrEqual(8);
  });

  it('grants a workspace by user and a report by report', async () => {
    current = admin();
    await openAdminPage(admin(), 'permissionsByUser');
    await admin()
      .getByRole('button', { name: `${viewer.lastname}, ${viewer.firstname}` })
      .click();
    const panel = admin()
      .locator('.ant-card')
      .filter({ has: admin().getByRole('button', { name: 'Grabar' }) });
    await treeNode(panel, 'integracion.finanzas@vitrina.demo')
      .locator('.ant-tree-checkbox-checked')
      .waitFor();
    await expandNode(panel, 'integracion.comercial@vitrina.demo');
    await toggleNode(panel, 'Operaciones');
    await treeNode(panel, 'integracion.comercial@vitrina.demo')
      .locator('.ant-tree-checkbox-indeterminate')
      .waitFor();
    await checkScreen(admin(), 'permissions-by-user');
    await panel.getByRole('button', { name: 'Grabar' }).click();
    await expectToast(admin(), 'Actualizar permisos', 'Se actualizaron los permisos del usuario.');

    await openAdminPage(admin(), 'permissionsByReport');
    await treeNode(admin().locator('main'), 'Estado de resultados').click();
    await admin().getByText('Por cuenta').waitFor();
    await admin().getByText(`${viewer.lastname}, ${viewer.firstname}`).first().waitFor();
    await treeNode(admin().locator('main'), 'Ventas generales').click();
    await admin().getByRole('button', { name: 'Agregar usuario' }).click();
    const add = dialog(admin(), 'Agregar usuario');
    await add.getByText(`${viewer.lastname}, ${viewer.firstname}`).waitFor();
    await checkScreen(admin(), 'report-add-user');
    await add.getByRole('button', { name: 'Agregar' }).click();
    await admin()
      .getByRole('button', { name: `Quitar a ${viewer.lastname}, ${viewer.firstname}` })
      .waitFor();
    await checkScreen(admin(), 'permissions-by-report');
    await admin().getByRole('button', { name: 'Grabar' }).click();
    await expectToast(
      admin(),
      'Actualización de usuarios',
      'Se actualizaron los usuarios del reporte.',
    );
  });

  it('shows the viewer exactly what was granted, with filters, search and favorites', async () => {
    current = page;
    await login(page, stack().portalUrl, viewer.username, password);
    expect(await page.getByRole('button', { name: 'Administración' }).count()).toBe(0);
    await page.getByText('Retail Andino - Comercial').waitFor();
    await page.getByRole('link', { name: 'Ventas generales' }).waitFor();
    expect(await cardNames(page, 'Comercial')).toEqual(['Ventas generales']);
    expect(await cardNames(page, 'Operaciones')).toEqual(['Desempeño de tiendas']);

    await page.getByLabel('Cuenta').click();
    await page.getByTitle('Retail Andino - Finanzas y RR. HH.').click();
    await page.getByText('Recursos Humanos', { exact: true }).waitFor();
    await page.getByLabel('Contenido').click();
    await page.getByTitle('Paneles').click();
    expect(await page.getByTestId('report-card').allInnerTexts()).toEqual(['Panel financiero']);
    await page.getByLabel('Contenido').click();
    await page.getByTitle('Todos').click();
    await page.getByLabel('Buscar').fill('rotacion');
    expect(await page.getByTestId('report-card').allInnerTexts()).toEqual(['Dotación y rotación']);
    await page.getByLabel('Buscar').fill('');

    await page.getByRole('button', { name: 'Agregar a favoritos: Estado de resultados' }).click();
    await page.getByText('Favoritos', { exact: true }).waitFor();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('accounts'))) ?? '[]'),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: 'Retail Andino - Finanzas y RR. HH.' }),
      ]),
    );
    await checkScreen(page, 'gateway');
  });

  it('opens a report in the same tab, in fullscreen, and in another window', async () => {
    current = page;
    // The gateway's hidden preloaded frame is moved into the viewer, not loaded again (decision 0211).
    await page.locator('body > iframe[src*="/reportEmbed"]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Estado de resultados' }).first().click();
    await page.waitForURL(/\/viewer\//);
    await waitForRendered(page);
    expect(
      await page.locator('[data-testid="report-container"] iframe').getAttribute('src'),
    ).not.toContain('uid=');
    await page.getByRole('heading', { name: 'Estado de resultados' }).waitFor();
    await checkScreen(page, 'viewer', 2_500);
    await page.getByRole('button', { name: 'Pantalla completa' }).click();
    await page.locator('.vt-viewer--fullscreen').waitFor();
    await page.getByRole('button', { name: 'Salir de pantalla completa' }).click();
    await page.locator('.vt-viewer--fullscreen').waitFor({ state: 'detached' });

    await page.getByRole('link', { name: /inicio/ }).click();
    const [popup] = await Promise.all([
      viewerContext.waitForEvent('page'),
      page
        .getByRole('button', { name: 'Ver reporte en otra ventana: Estado de resultados' })
        .first()
        .click(),
    ]);
    await popup.waitForURL(/\/viewer\//);
    await waitForRendered(popup);
    await popup.close();

    // Dashboards embed too: the spinner goes and no error shows.
    await page.getByLabel('Cuenta').click();
    await page.getByTitle('Retail Andino - Finanzas y RR. HH.').click();
    await page.getByRole('link', { name: 'Panel financiero' }).click();
    await page.getByRole('heading', { name: 'Panel financiero' }).waitFor();
    await page.locator('.vt-viewer__overlay').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(
      await page.locator('[data-testid="report-container"] iframe').getAttribute('src'),
    ).toContain('dashboardEmbed');
    await page.getByRole('link', { name: /inicio/ }).click();
    await page.getByRole('link', { name: 'Ventas generales' }).waitFor();
  });

  it('embeds in the mobile portrait layout on a phone', async () => {
    const phone = await browser().newContext(phoneContext);
    current = await phone.newPage();
    await login(
      current,
      stack().portalUrl,
      viewer.username,
      password,
      `/viewer/${await reportUid(page, 'Ventas generales')}`,
    );
    await waitForRendered(current);
    const frameUrl = await current
      .locator('[data-testid="report-container"] iframe')
      .getAttribute('src');
    expect(frameUrl).toContain('isMobile=true');
    await snap(current, 'viewer-mobile-layout', 'phone');
    await phone.close();
  });

  it('refreshes an expired access token once and carries on', async () => {
    current = page;
    const before = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('currentUser') ?? '{}'),
    );
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}');
      localStorage.setItem('currentUser', JSON.stringify({ ...user, token: 'vencido' }));
    });
    await page.reload();
    await page.getByRole('link', { name: 'Ventas generales' }).waitFor();
    // The gateway may draw from its cached tree first; the refresh follows its first API call.
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token !== 'vencido',
    );
    const after = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('currentUser') ?? '{}'),
    );
    expect(after.token).not.toBe('vencido');
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });

  it('shows the 403 and 404 texts in the viewer', async () => {
    current = page;
    await page.goto(`${stack().portalUrl}/viewer/${forbiddenUid}`);
    expect(await viewerError(page)).toBe('Acceso denegado al informe.');
    await page.goto(`${stack().portalUrl}/viewer/no-existe`);
    expect(await viewerError(page)).toBe('Informe no encontrado.');
  });

  it('changes the password and signs in with the new one', async () => {
    current = page;
    await page
      .getByRole('button', { name: `Usuario: ${viewer.firstname} ${viewer.lastname}` })
      .click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    const modal = dialog(page, 'Cambiar contraseña');
    const [first, repeat] = [
      modal.locator('input[type="password"]').nth(0),
      modal.locator('input[type="password"]').nth(1),
    ];
    await first.fill('Nueva2024');
    await repeat.fill('Nueva2024');
    await checkScreen(page, 'change-password');
    await modal.getByRole('button', { name: 'Grabar' }).click();
    await expectToast(
      page,
      'Cambiar contraseña',
      `Se cambio la contraseña del usuario ${viewer.username}`,
    );
    await logout(page, `${viewer.firstname} ${viewer.lastname}`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await login(page, stack().portalUrl, viewer.username, 'Nueva2024');
  });

  it('lets the administrator reset the password and delete the user', async () => {
    current = admin();
    await openAdminPage(admin(), 'users');
    const line = row(admin(), `${viewer.lastname}, ${viewer.firstname}`);
    await line.getByRole('button', { name: `Permisos de ${viewer.username}` }).click();
    const permissions = dialog(admin(), 'Permisos');
    await treeNode(permissions, 'Operaciones').locator('.ant-tree-checkbox-checked').waitFor();
    await checkScreen(admin(), 'permissions-modal');
    await permissions.getByRole('button', { name: 'Cancelar' }).click();

    await line.getByRole('button', { name: `Resetear contraseña de ${viewer.username}` }).click();
    const reset = dialog(admin(), 'Resetear contraseña');
    await reset
      .getByText(`¿Está seguro que desea resetear la contraseña del usuario ${viewer.username}?`)
      .waitFor();
    await pressInDialog(reset, 'Resetear');
    await expectToast(
      admin(),
      'Resetear contraseña.',
      `Se reseteo la contraseña del usuario ${viewer.username}`,
    );

    await line.getByRole('button', { name: `Eliminar usuario ${viewer.username}` }).click();
    const remove = dialog(admin(), 'Eliminar usuario');
    await remove
      .getByText(`¿Está seguro que desea eliminar el usuario ${viewer.username}?`)
      .waitFor();
    await checkScreen(admin(), 'user-delete');
    await pressInDialog(remove, 'Eliminar');
    await expectToast(admin(), 'Eliminar usuario', `Se elimino el usuario ${viewer.username}`);
    await line.waitFor({ state: 'detached' });
  });
});
