/**
 * The host application's origin: a page with an embed container, and one of Microsoft's
 * powerbi-client 2.8.0 or 2.24 (their published UMD bundles) or our SDK (bundled from source on
 * start).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { freePort } from '@vitrina/test-support/processes';

const repoRoot = resolve(import.meta.dirname, '../../..');
/** `official` is powerbi-client 2.8.0, the version our SDK is compatible with. */
export type SdkFlavour = 'official' | 'official-2.24' | 'ours';

/** powerbi-client 2.24 embeds only https URLs on Power BI hosts (see power-bi-host.ts). */
export const embedsOnlyPowerBiHosts = (flavour: SdkFlavour) => flavour === 'official-2.24';

/**
 * The published UMD bundles: 2.8.0 is the workspace's powerbi-client, 2.24 this package's alias
 * (found with require.resolve: Vitest's global set-up, which starts this server, has no
 * import.meta.resolve).
 */
const require = createRequire(import.meta.url);
const publishedBundles: Record<Exclude<SdkFlavour, 'ours'>, string> = {
  official: join(repoRoot, 'node_modules/powerbi-client/dist/powerbi.js'),
  'official-2.24': require.resolve('powerbi-client-2.24/dist/powerbi.js'),
};

/** Microsoft's powerbi-report-authoring 1.1.3, its published UMD bundle. */
const authoringBundle =
  require.resolve('powerbi-report-authoring/dist/powerbi-report-authoring.js');

const EVENTS = [
  'loaded',
  'rendered',
  'error',
  'dataSelected',
  'buttonClicked',
  'filtersApplied',
  'pageChanged',
  'commandTriggered',
  'swipeStart',
  'swipeEnd',
  'bookmarkApplied',
  'tileClicked',
  'tileLoaded',
  'visualRendered',
  'saved',
  'saveAsTriggered',
];

/**
 * The scripts a host page loads: the SDK, and with `authoring` Microsoft's
 * powerbi-report-authoring too. Our SDK then comes bundled with the library and `powerbi-client`
 * aliased to its sources, as an application's bundler makes it; Microsoft's SDKs take the
 * library's published UMD bundle, which finds them by `window['powerbi-client']`.
 */
function sdkScripts(flavour: SdkFlavour, authoring: boolean): string[] {
  if (!authoring) return [`/sdk/${flavour}.js`];
  if (flavour === 'ours') return ['/sdk/ours-authoring.js'];
  return [`/sdk/${flavour}.js`, '/sdk/powerbi-report-authoring.js'];
}

/** The host page: it records every event that reaches the container, with its detail. */
function hostPage(flavour: SdkFlavour, width: number, height: number, authoring: boolean): string {
  const scripts = sdkScripts(flavour, authoring).map((src) => `<script src="${src}"></script>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host</title>
<style>body{margin:0;font-family:sans-serif}#embed{width:${width}px;height:${height}px}</style></head>
<body><div id="embed"></div>
${scripts.join('\n')}
<script>
  window.events = [];
  const container = document.getElementById('embed');
  // Event details may hold SDK objects (pageChanged's newPage is a Page with its report): keep data only.
  const plain = (value, seen = new WeakSet()) => {
    if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
    if (seen.has(value) || value instanceof Node || value instanceof Window) return undefined;
    seen.add(value);
    if (Array.isArray(value)) return value.map((item) => plain(item, seen));
    const copy = {};
    for (const [key, item] of Object.entries(value)) if (key !== 'report' && key !== 'page' || !item || !item.iframe) copy[key] = plain(item, seen);
    return copy;
  };
  for (const name of ${JSON.stringify(EVENTS)}) {
    container.addEventListener(name, (event) => {
      window.events.push({ name, at: performance.now(), detail: plain(event.detail ?? null) });
    });
  }
  window.onerror = () => true;
</script></body></html>`;
}

/** The flavour a host page URL names (`sdk=`), powerbi-client 2.8.0 when it names none. */
export function flavourOf(name: string | null): SdkFlavour {
  return name === 'ours' || name === 'official-2.24' ? name : 'official';
}

/** What tests use of a running host origin: its host pages. */
export interface HostPages {
  origin: string;
  pageUrl(
    flavour: SdkFlavour,
    size?: { width: number; height: number },
    options?: { authoring?: boolean },
  ): string;
}

export interface HostServer extends HostPages {
  stop(): Promise<void>;
}

/** The host pages of a host server at `origin`, started here or by another process. */
export function hostPagesAt(origin: string): HostPages {
  return {
    origin,
    pageUrl: (flavour, size = { width: 1280, height: 760 }, options = {}) =>
      `${origin}/host.html?sdk=${flavour}&w=${size.width}&h=${size.height}` +
      (options.authoring ? '&authoring=1' : ''),
  };
}

/** A script for the host pages: one IIFE bundle. */
async function bundled(options: BuildOptions): Promise<string> {
  const result = await build({
    ...options,
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2020',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const sdkSources = join(repoRoot, 'packages/embed-sdk/src');

/**
 * Our SDK bundled from source; with `EMBED_SDK_SCRIPT=min`, the shipped
 * packages/embed-sdk/dist/powerbi.min.js instead (build it first), to check the minifiers.
 */
async function ourSdkBundle(): Promise<string> {
  if (process.env['EMBED_SDK_SCRIPT'] === 'min')
    return readFileSync(join(repoRoot, 'packages/embed-sdk/dist/powerbi.min.js'), 'utf8');
  return bundled({ entryPoints: [join(sdkSources, 'global.ts')] });
}

/**
 * Our SDK's script entry with powerbi-report-authoring, `powerbi-client` resolved to the SDK's
 * sources (the npm alias `powerbi-client@npm:@vitrina/embed-sdk`): one copy of the SDK's classes,
 * which the library extends.
 */
function ourSdkWithAuthoring(): Promise<string> {
  const entry = join(sdkSources, 'global.ts');
  return bundled({
    stdin: {
      contents: `import ${JSON.stringify(entry)}; import 'powerbi-report-authoring';`,
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    alias: { 'powerbi-client': join(sdkSources, 'index.ts') },
  });
}

export async function startHostServer(): Promise<HostServer> {
  const scripts: Record<string, string> = { '/sdk/ours.js': await ourSdkBundle() };
  for (const [flavour, bundle] of Object.entries(publishedBundles))
    scripts[`/sdk/${flavour}.js`] = readFileSync(bundle, 'utf8');
  scripts['/sdk/powerbi-report-authoring.js'] = readFileSync(authoringBundle, 'utf8');
  // Bundled on first request: most runs never open an authoring page.
  let withAuthoring: Promise<string> | undefined;
  const port = await freePort();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    const script =
      url.pathname === '/sdk/ours-authoring.js'
        ? await (withAuthoring ??= ourSdkWithAuthoring())
        : scripts[url.pathname];
    if (script) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (url.pathname === '/host.html') {
      const flavour = flavourOf(url.searchParams.get('sdk'));
      const width = Number(url.searchParams.get('w') ?? 1280);
      const height = Number(url.searchParams.get('h') ?? 760);
      const authoring = url.searchParams.get('authoring') === '1';
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(hostPage(flavour, width, height, authoring));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...hostPagesAt(origin),
    stop: () => new Promise((done) => server.close(() => done())),
  };
}
