import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const packageDir = resolve(import.meta.dirname, '../..');
const cache = new Map<string, Promise<string>>();

/** Bundles a browser entry (TypeScript) into one IIFE script, once per test process. */
export function bundle(entry: string): Promise<string> {
  let script = cache.get(entry);
  if (!script) {
    script = build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      logLevel: 'error',
    }).then((result) => result.outputFiles[0]?.text ?? '');
    cache.set(entry, script);
  }
  return script;
}

/**
 * Our SDK as its script bundle (the IIFE entry), bundled from source for readable failures. With
 * `EMBED_SDK_SCRIPT=min` (as `npm test` sets it, after its build) the suites run on the shipped
 * dist/powerbi.min.js instead, so that what the minifiers make is what the tests check.
 */
export function ourSdkScript(): Promise<string> {
  if (process.env['EMBED_SDK_SCRIPT'] === 'min')
    return Promise.resolve(readFileSync(join(packageDir, 'dist/powerbi.min.js'), 'utf8'));
  return bundle(join(packageDir, 'src/global.ts'));
}

/** Microsoft's published powerbi-client 2.8.0 UMD bundle. */
export function officialSdkScript(): string {
  return readFileSync(
    join(packageDir, '../../node_modules/powerbi-client/dist/powerbi.js'),
    'utf8',
  );
}

/** The recording test frame. */
export function recordingFrameScript(): Promise<string> {
  return bundle(join(import.meta.dirname, 'recording-frame.ts'));
}

/** The frame built on Microsoft's window-post-message-proxy, http-post-message and powerbi-router. */
export function microsoftFrameScript(): Promise<string> {
  return bundle(join(import.meta.dirname, 'microsoft-frame.ts'));
}

/** The mock frame that answers from the host page, on Microsoft's libraries. */
export function hostMockAppScript(): Promise<string> {
  return bundle(join(import.meta.dirname, 'host-mock-app.ts'));
}

/**
 * A script entry bundled with `powerbi-client` resolved to our SDK's sources (the npm alias an
 * application would install), for pages on Microsoft's libraries that import it.
 */
async function bundleOnOurSdk(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    jsx: 'automatic',
    alias: { 'powerbi-client': join(packageDir, 'src/index.ts') },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The host page on powerbi-report-authoring 1.1.3 and our SDK. */
export function authoringPageScript(): Promise<string> {
  return bundleOnOurSdk('authoring-page.ts');
}

/** The React page on powerbi-client-react and our SDK. */
export function reactWrapperPageScript(): Promise<string> {
  return bundleOnOurSdk('react-wrapper-page.tsx');
}
