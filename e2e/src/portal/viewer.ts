import type { Page } from 'playwright-core';

/** Waits until the embedded report has raised the SDK's `rendered` event. */
export async function waitForRendered(page: Page, timeout = 45_000): Promise<void> {
  await page.locator('[data-testid="report-container"][data-rendered="true"]').waitFor({ timeout });
}

/** The viewer's error area text. */
export async function viewerError(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return (await alert.innerText()).trim();
}

/** The uid of a report as linked from the gateway (`/viewer/<uid>`). */
export async function reportUid(page: Page, reportName: string): Promise<string> {
  const href = await page
    .getByRole('link', { name: reportName, exact: true })
    .first()
    .getAttribute('href');
  const uid = href?.split('/viewer/')[1];
  if (!uid) throw new Error(`no viewer link for ${reportName}`);
  return decodeURIComponent(uid);
}

/** A phone: narrow viewport, touch and a phone user agent (the viewer picks the mobile layout). */
export const phoneContext = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
} as const;
