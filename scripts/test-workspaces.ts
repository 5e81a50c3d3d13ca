/**
 * Workspaces with tests, for the root Vitest config (one project per workspace and tier) and the
 * test scripts (which lane runs which e2e project). Each one's own config sets its environment,
 * setup files and timeouts.
 */
export const testWorkspaces = [
  'packages/env',
  'packages/contracts',
  'packages/embed-sdk',
  'packages/bi-model',
  'apps/server',
  'apps/bi-service',
  'apps/report-frame',
  'apps/web',
  'e2e',
  'scripts',
];
