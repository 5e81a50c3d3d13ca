import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { dialog, pressInDialog, row } from '../src/portal/admin.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

/** The mails the portal wrote to its outbox whose subject names `subject`. */
function mailsAbout(dataDir: string, subject: string): string[] {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(subject));
}

/**
 * "Suscripciones" (issue 28): create one from the settings menu with one chosen page of the
 * report, see the choice again on edit, "Enviar ahora", the outcome.
 */
describe.skipIf(!chromiumAvailable)('portal: subscriptions', () => {
  const { stack, page } = useSharedPortal();

  beforeEach(({ task }) => {
    onTestFailed(() => snapFailure(page(), task.name));
  });

  it('creates a subscription, sends it now and shows the outcome per recipient', async () => {
    await page().goto(`${stack().portalUrl}/gateway`);
    await page().getByRole('button', { name: 'Administración' }).click();
    await page().getByRole('menuitem', { name: 'Suscripciones', exact: true }).click();
    await page().getByRole('heading', { name: 'Suscripciones' }).waitFor();

    await page().getByRole('button', { name: 'Nueva suscripción' }).click();
    const form = dialog(page(), 'Nueva suscripción');
    await form.getByLabel('Informe').click();
    await form.getByLabel('Informe').fill('Ventas generales');
    await page().keyboard.press('Enter');
    // A new subscription is for its creator until others are chosen.
    await form.locator('.ant-select-selection-item').filter({ hasText: '(admin)' }).waitFor();
    // ASCII only: the outbox keeps the subject as MIME encoded-words otherwise.
    const subject = 'Resumen semanal e2e';
    await form.getByLabel('Asunto').fill(subject);
    // One page of the report, by the name the report shows.
    await form.getByLabel('Páginas elegidas').check();
    await form.getByLabel('Páginas a enviar').click();
    await page().getByTitle('Tendencias', { exact: true }).click();
    await form.locator('.ant-select-selection-item').filter({ hasText: 'Tendencias' }).waitFor();
    // Closed for the picture: a click outside the list closes it.
    await form.getByText('Nueva suscripción', { exact: true }).click();
    await expect
      .poll(() => page().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
      .toBe(0);
    await page().screenshot({ path: resolve(docsScreenshots, 'suscripcion-nueva.png') });
    await pressInDialog(form, 'Guardar');
    await form.waitFor({ state: 'hidden' });

    const line = row(page(), subject);
    await line.getByText('Cada lunes a las 08:00 (America/Lima)').waitFor();
    // Edit shows the stored choice.
    await line.getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page(), 'Editar suscripción');
    await edit.locator('.ant-select-selection-item').filter({ hasText: 'Tendencias' }).waitFor();
    expect(await edit.getByLabel('Páginas elegidas').isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'hidden' });
    await line.getByRole('button', { name: 'Enviar ahora' }).click();
    // The list shows the run once it is in; reloading shows its outcome.
    await expect
      .poll(
        async () => {
          await page().reload();
          return (await row(page(), subject).textContent()) ?? '';
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toContain('1 enviado');
    expect(mailsAbout(stack().dataDir, subject)).toHaveLength(1);
    await row(page(), subject).getByText('1 usuario').waitFor();
    await page().screenshot({ path: resolve(docsScreenshots, 'suscripciones.png') });
  }, 180_000);
});
