/**
 * `npm run bench [-- name…]`: runs the benchmarks one after another (never in parallel, so they do
 * not disturb each other's figures). Each prints its own figures and ratios.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** name → entry script (relative to bench/) and what it measures. */
const benchmarks: Record<string, { script: string; about: string }> = {
  'server-login': { script: 'server/login.ts', about: 'argon2id verify and full login cost' },
  'portal-api': {
    script: 'server/portal-api.ts',
    about: 'portal API on a 10,000-report tenant vs a bare node:http floor (autocannon)',
  },
  'cluster-load': {
    script: 'server/cluster-load.ts',
    about: 'viewers through nginx on 3 portal instances (PostgreSQL, Redis): p50/p99, memory',
  },
  'audit-query': {
    script: 'server/audit-query.ts',
    about:
      'audit list at 1 M entries: first page of each filter and by cursor (SQLite, PostgreSQL)',
  },
  'bi-identity': {
    script: 'bi-identity/tokens.ts',
    about: 'BI OAuth grants, REST listing and GenerateToken',
  },
  bi: {
    script: 'bi/query.ts',
    about: 'visual queries on 100k/1M/10M rows vs a JS full-scan floor',
  },
  'bi-capacity': {
    script: 'bi/capacity.ts',
    about:
      'CPU per fresh page and viewers one BI process serves at a draw every 5 s (p95/p99 per query)',
  },
  'bi-datasets-in': {
    script: 'bi/datasets-in.ts',
    about: '1 M-row CSV import vs read_csv, push rows/s, PostgreSQL refresh vs COPY',
  },
  'sdk-protocol': {
    script: 'embed-sdk-protocol/protocol.ts',
    about: 'validators and router vs powerbi-models 1.2.1 and route-recognizer',
  },
  sdk: {
    script: 'sdk/run.ts',
    about: 'SDK bundle size vs powerbi-client 2.8.0/2.24, embed() to loaded',
  },
  frame: {
    script: 'frame/report-frame.ts',
    about:
      'embed() to loaded/rendered: our SDK, powerbi-client 2.8.0 and 2.24, vs empty-page floors',
  },
  'frame-size': {
    script: 'frame/frame-js-size.ts',
    about: "the report frame's built JS per chunk, gzipped (build first)",
  },
  'frame-first-view': {
    script: 'frame/first-view.ts',
    about: "each viewer's first view (nothing kept): page started early by the BI service vs not",
  },
  'frame-authoring': {
    script: 'frame/authoring.ts',
    about: 'field dropped on a new visual to drawn (1 M rows) beside the filter re-render',
  },
  export: {
    script: 'export/export-to-file.ts',
    about:
      'Export To File: 2-page report to Succeeded as PDF/PNG/PPTX, cold/warm, cap-2 throughput',
  },
  'export-steps': {
    script: 'export/steps.ts',
    about: 'Export To File: where a warm job of the 2-page report goes, step by step',
  },
  subscriptions: {
    script: 'subscriptions/send.ts',
    about:
      'a subscription to 1,000 recipients over 10 identities: due to the last mail handed over',
  },
  'web-bundle': { script: 'web/login-bundle.ts', about: 'JS shipped for the login route (gzip)' },
  'web-usage-beacon': {
    script: 'web/usage-beacon.ts',
    about: "the viewer's usage beacon: main-thread time per open in chromium vs a floor",
  },
  'web-open': {
    script: 'web/report-open.ts',
    about: 'report card click to rendered, with and without bootstrap/preload',
  },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}`);
}
console.log('benchmarks:');
for (const [name, { about }] of Object.entries(benchmarks))
  console.log(`  ${name.padEnd(16)} ${about}`);

let failures = 0;
for (const [name, { script }] of Object.entries(benchmarks)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const path = join(root, 'bench', script);
  if (!existsSync(path)) {
    console.error(`${name}: ${script} is missing`);
    failures++;
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [path], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failures++;
}
process.exit(failures === 0 && unknown.length === 0 ? 0 : 1);
