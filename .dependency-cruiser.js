/**
 * dependency-cruiser: what may import what (docs/architecture.md) and no import cycles.
 * `npm run check:imports` runs it (so does `npm test`); scripts/dependency-rules.test.ts tests it.
 * Paths are repo-relative; workspace packages (`@vitrina/…`) resolve through their symlinks to the
 * workspace's own files, so a rule on `apps/server/` also catches `import … from '@vitrina/server'`.
 */

/**
 * @param {string} name
 * @param {string} comment
 * @param {import('dependency-cruiser').IFromRestriction} from
 * @param {import('dependency-cruiser').IToRestriction} to
 * @returns {import('dependency-cruiser').IRegularForbiddenRuleType}
 */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    forbid(
      'no-cycles',
      'modules may not import each other, directly or through others (type-only imports count)',
      {},
      { circular: true },
    ),
    forbid(
      'no-unresolvable',
      'an import that resolves to no file would escape every rule below (and fail at run time)',
      {},
      { couldNotResolve: true },
    ),
    {
      ...forbid(
        'no-module-cycles',
        "a server's modules (its top folders) may not depend on each other in a circle",
        { path: '^apps/server/src/modules/[^/]+$|^apps/bi-service/src/[^/]+$' },
        { circular: true },
      ),
      // Judged on the graph of folders: a module is the folder, whatever file imports.
      scope: 'folder',
    },
    {
      ...forbid(
        'no-app-folder-cycles',
        "the report frame's and the web's folders under src (at every depth) import one way",
        { path: '^apps/(report-frame|web)/src/.+' },
        // A test beside the code may use the app's test helpers (apps/*/test), which import the
        // code back: a circle whose first step leaves src is the helpers', not the folders'.
        { path: '^apps/$1/src/', circular: true },
      ),
      // Judged on the graph of folders, as no-module-cycles; the servers are left to that rule.
      scope: 'folder',
    },
    forbid(
      'leaf-packages-stand-alone',
      "contracts, env and the node:sqlite adapter import nothing of ours but the Power BI REST contract (zod only), whose lists the portal's API repeats",
      { path: '^packages/(contracts|env|node-sqlite-kysely)/' },
      {
        path: '^(apps|packages|e2e|bench|scripts)/',
        pathNot: '^packages/($1|bi-model/src/rest)/',
      },
    ),
    forbid(
      'bi-model-rest-is-zod-only',
      'the Power BI REST contract imports zod and itself only, so the portal contract may take it',
      { path: '^packages/bi-model/src/rest/' },
      { pathNot: '^packages/bi-model/src/rest/|(^|/)node_modules/zod/' },
    ),
    forbid(
      'bi-model-imports-zod-and-protocol-only',
      'bi-model (the BI contract) imports zod and the SDK protocol only: no Node, no DOM, no app',
      { path: '^packages/bi-model/src/' },
      {
        pathNot: '^packages/(bi-model/|embed-sdk/src/protocol/)|(^|/)node_modules/zod/',
      },
    ),
    forbid(
      'sdk-protocol-core',
      'the protocol core stays free of the object model, React and the DOM',
      { path: '^packages/embed-sdk/src/protocol/' },
      {
        path: [
          '^packages/embed-sdk/src/(index|service)[.]ts$',
          '^packages/embed-sdk/src/react/',
          '(^|/)node_modules/(react|react-dom)/',
        ],
      },
    ),
    forbid(
      'sdk-stands-alone',
      'the SDK stands alone',
      { path: '^packages/embed-sdk/' },
      { path: '^(apps/|packages/(contracts|bi-model)/)' },
    ),
    forbid(
      'web-over-http',
      'the SPA talks to the server over HTTP only',
      { path: '^apps/web/src/' },
      { path: '^apps/(server|bi-service|report-frame)/' },
    ),
    forbid(
      'web-feature-isolation',
      'a feature may not import another feature; compose them in src/app',
      { path: '^apps/web/src/features/([^/]+)/' },
      { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    ),
    forbid(
      'frame-over-http',
      'the report frame talks to the BI service over HTTP only',
      { path: '^apps/report-frame/src/' },
      { path: '^(apps/(server|web)|packages/contracts)/' },
    ),
    forbid(
      'server-over-http',
      'the portal server talks to the BI service over HTTP only',
      { path: '^apps/server/src/' },
      { path: '^apps/(web|bi-service)/' },
    ),
    forbid(
      'bi-service-knows-no-portal',
      'the BI service knows nothing of the portal',
      { path: '^apps/bi-service/src/' },
      { path: '^(apps/(server|web)|packages/contracts)/' },
    ),
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(node_modules|dist|[.]tsbuild|fixtures)/' },
    // Type-only imports vanish from compiled JavaScript but still tie modules together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};

export default config;
