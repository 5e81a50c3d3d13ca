/**
 * The portal's viewer by window width (a desktop browser, no phone user agent): below the
 * breakpoint it asks the frame for the phone layout, and it follows a resize across the
 * breakpoint in place, without reloading the report. The error pages raise no uncaught error.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { addViewer } from '../src/portal/api.ts';
import { login } from '../src/portal/session.ts';
import { useSharedPortal } from '../src/portal/suite.ts';
import { reportUid, viewerError, waitForRendered } from '../src/portal/viewer.ts';

if (!chromiumAvailable) warnBrowserSkipped();

function reportFrame(page: Page): Frame {
  const frame = page
    .frames()
    .find((f) => f !== page.mainFrame() && f.url().includes('reportEmbed'));
  if (!frame) throw new Error('no report frame');
  return frame;
}

async function layoutOf(page: Page, expected: string): Promise<void> {
  await expect
    .poll(() => reportFrame(page).locator('.report').getAttribute('data-layout'), {
      timeout: 15_000,
    })
    .toBe(expected);
}

describe.skipIf(!chromiumAvailable)('portal: the phone view by width', () => {
  const { stack, browser } = useSharedPortal({ signedIn: false });

  it('asks for the phone layout at 375 px and switches back on a resize, without a reload', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, stack().portalUrl, 'admin', stack().adminPassword);
    const uid = await reportUid(page, 'Ventas generales');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${stack().portalUrl}/viewer/${uid}`);
    await waitForRendered(page);
    await layoutOf(page, 'phone');
    // A mark in the frame's window survives only if the report is not loaded again.
    await reportFrame(page).evaluate(() => Object.assign(window, { stillTheSameFrame: true }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await layoutOf(page, 'master');
    await page.setViewportSize({ width: 375, height: 812 });
    await layoutOf(page, 'phone');
    expect(await reportFrame(page).evaluate(() => 'stillTheSameFrame' in window)).toBe(true);
    await page.close();
  });

  it('shows the 403 and 404 texts and raises no page error', async () => {
    const outsider = {
      username: 'sinpermisos',
      firstname: 'Sin',
      lastname: 'Permisos',
      mail: 'sin.permisos@vitrina.demo',
      password: 'Afuera2024',
    };
    await addViewer(stack(), outsider);

    const admin = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await login(admin, stack().portalUrl, 'admin', stack().adminPassword);
    const uid = await reportUid(admin, 'Ventas generales');
    await admin.close();

    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await login(page, stack().portalUrl, outsider.username, outsider.password);
    await page.goto(`${stack().portalUrl}/viewer/${uid}`);
    expect(await viewerError(page)).toBe('Acceso denegado al informe.');
    await page.goto(`${stack().portalUrl}/viewer/no-existe`);
    expect(await viewerError(page)).toBe('Informe no encontrado.');
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the login page draws "Credenciales" in the font of the rest of the page', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack().portalUrl}/`);
    const fontOf = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => getComputedStyle(element).fontFamily);
    const heading = await fontOf(page.getByRole('heading', { name: 'Credenciales' }));
    const button = await fontOf(page.getByRole('button', { name: 'Ingresar' }));
    expect(heading).toBe(button);
    expect(heading).not.toMatch(/^(serif|"?Times)/);
    await page.close();
  });
});
