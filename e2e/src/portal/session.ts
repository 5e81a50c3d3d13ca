import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Signs in through the login card and waits for the landing route. */
export async function login(
  page: Page,
  portalUrl: string,
  username: string,
  password: string,
  returnUrl?: string,
) {
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
  await page.goto(`${portalUrl}/${query}`);
  await page.getByPlaceholder('Usuario').fill(username);
  await page.getByPlaceholder('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
}

/** Signs out through the user menu. */
export async function logout(page: Page, fullName: string) {
  await page.getByRole('button', { name: `Usuario: ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * The temporary password mailed to `mail`, read from the newest message addressed to them in
 * DATA_DIR/outbox (where mail lands when no SMTP server is configured).
 */
export function temporaryPasswordFor(dataDir: string, mail: string): string {
  const outbox = join(dataDir, 'outbox');
  const messages = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => decodeMail(readFileSync(join(outbox, file), 'utf8')))
    .filter((text) => text.toLowerCase().includes(mail.toLowerCase()));
  const latest = messages.at(-1);
  if (!latest) throw new Error(`no mail for ${mail} in ${outbox}`);
  const match = /Contrase(?:ñ|n)a temporal:\s*([A-Za-z0-9]+)/i.exec(latest);
  if (!match?.[1]) throw new Error(`no temporary password found in the mail for ${mail}`);
  return match[1];
}

/** The mail's text with quoted-printable and base64 parts decoded, enough to read a plain body. */
function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const quotedPrintable = Buffer.from(bytes, 'latin1').toString('utf8');
  const base64Parts = [...raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [quotedPrintable, ...base64Parts].join('\n');
}
