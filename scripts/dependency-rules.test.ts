import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { expect, test } from 'vitest';
import config from '../.dependency-cruiser.js';

/** A miniature repo (same folder names as ours) with one breach of each kind of rule. */
const fixtureRoot = resolve(import.meta.dirname, 'fixtures/layers');

async function violationsIn(...folders: string[]) {
  const reported = await cruise(folders, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir: fixtureRoot,
  });
  const { summary } = reported.output as ICruiseResult;
  return summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

test('the real rules report each kind of forbidden import, and nothing that is allowed', async () => {
  expect(await violationsIn('apps', 'packages')).toEqual([
    // A dynamic import counts like a static one.
    'leaf-packages-stand-alone: packages/contracts/src/users.ts → apps/server/src/app.ts',
    // Type-only imports, which compile away, still make a cycle (reported once per cycle).
    'no-cycles: packages/embed-sdk/src/embed.ts → packages/embed-sdk/src/service.ts',
    // Modules a and b: no file imports itself back, but the folders depend on each other.
    'no-module-cycles: apps/server/src/modules/a → apps/server/src/modules/b',
    'no-module-cycles: apps/server/src/modules/b → apps/server/src/modules/a',
    // user-table.ts also imports its own feature's user-row.ts, which is allowed.
    'web-feature-isolation: apps/web/src/features/users/user-table.ts → apps/web/src/features/accounts/account-form.ts',
  ]);
});
