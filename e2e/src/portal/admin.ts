import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The administration pages by menu path (spec §2). */
export const adminPages = {
  accounts: { path: '/administration/account', title: 'Administración - Cuentas' },
  users: { path: '/administration/user', title: 'Administración - Usuarios' },
  permissionsByUser: {
    path: '/administration/permission/user',
    title: 'Administración - Permisos por usuario',
  },
  permissionsByReport: {
    path: '/administration/permission/report',
    title: 'Administración - Permisos por reporte',
  },
  /** Beyond the spec: the datasets of the bundled BI service (issue 12). */
  data: { path: '/administration/data', title: 'Administración - Datos' },
} as const;

/** Opens an administration page through the settings dropdown, as a user would. */
export async function openAdminPage(page: Page, target: keyof typeof adminPages) {
  await page.getByRole('button', { name: 'Administración' }).click();
  const labels = {
    accounts: ['Cuentas'],
    users: ['Usuarios'],
    permissionsByUser: ['Permisos', 'Por usuario'],
    permissionsByReport: ['Permisos', 'Por reporte'],
    data: ['Datos'],
  }[target];
  for (const label of labels) {
    const item = page.getByRole('menuitem', { name: label, exact: true });
    await item.hover();
    await item.click();
  }
  await page.getByRole('heading', { name: adminPages[target].title }).waitFor();
}

/** The open modal dialog titled `title`. */
export const dialog = (page: Page, title: string): Locator =>
  page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

/** Waits for a toast with this title and text, then closes it so it cannot hide later controls. */
export async function expectToast(page: Page, title: string, text: string) {
  const toast = page
    .locator('.ant-notification-notice')
    .filter({ hasText: title })
    .filter({ hasText: text });
  await toast.first().waitFor();
  await toast.first().locator('.ant-notification-notice-close').click();
}

/** The table row that contains `text`. */
export const row = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ hasText: text });

/** Clicks a dialog's button once the dialog has finished its opening motion (it scales in). */
export async function pressInDialog(box: Locator, buttonName: string): Promise<void> {
  await box.locator('.ant-modal-container').waitFor();
  await box
    .page()
    .waitForFunction(
      () => !document.querySelector('[class*="zoom-appear"], [class*="zoom-enter"]'),
    );
  await box.getByRole('button', { name: buttonName, exact: true }).click();
}

/**
 * From the gateway, Nuevo informe in the workspace Comercial on `dataset`: returns the create
 * embed's frame once it is in edit mode, on the page /authoring/new/….
 */
export async function openNewReport(
  page: Page,
  portalUrl: string,
  dataset: string,
): Promise<FrameLocator> {
  await page.goto(`${portalUrl}/gateway`);
  const workspace = page
    .locator('.ant-card')
    .filter({ has: page.getByText('Comercial', { exact: true }) })
    .first();
  await workspace.getByRole('button', { name: 'Nuevo informe' }).click();
  const choose = dialog(page, 'Nuevo informe en Comercial');
  await choose.getByLabel('Conjunto de datos').click();
  await page.locator(`.ant-select-item-option[title="${dataset}"]`).click();
  await pressInDialog(choose, 'Crear');
  await page.waitForURL((url) => url.pathname.startsWith('/authoring/new/'));
  const frame = page.frameLocator('[data-testid="create-container"] iframe');
  await frame.locator('.authoring[data-mode="edit"]').waitFor();
  return frame;
}
