import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { describe } from 'vitest';

/** Flags every browser test uses: headless Debian chromium as root, with no outside network chatter. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** Where chromium lives: `CHROMIUM_PATH`, else Debian's package path. */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** True when a chromium binary is installed; browser suites skip (loudly) otherwise. */
export const chromiumAvailable = existsSync(chromiumPath);

let warned = false;

/** Prints, once per process, why the browser suites did not run and how to make them run. */
export function warnBrowserSkipped(): void {
  if (warned) return;
  warned = true;
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n  BROWSER TESTS SKIPPED: no chromium at ${chromiumPath}.\n` +
      `  Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH)\n${bar}\n`,
  );
}

/** `describe` for a block that needs chromium: skipped where there is none, with the warning. */
export function describeInBrowser(title: string, body: () => void): void {
  if (!chromiumAvailable) warnBrowserSkipped();
  describe.skipIf(!chromiumAvailable)(title, body);
}

/** Launches headless chromium with the project's flags and `extraFlags`. Callers must `close()` it. */
export async function launchBrowser(extraFlags: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_FLAGS, ...extraFlags],
  });
}

/**
 * Launches headless chromium as a server that test files in other processes connect to
 * (`connectBrowser`), each through contexts of their own. Callers must `close()` it.
 */
export async function launchBrowserServer(
  extraFlags: readonly string[] = [],
): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: chromiumPath,
    args: [...CHROMIUM_FLAGS, ...extraFlags],
  });
}

/**
 * A connection to a browser server; its `close()` closes the contexts made through it and
 * disconnects, leaving the server to others.
 */
export async function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
