import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { expect, test } from 'vitest';
import config from '../.dependency-cruiser.js';

const root = resolve(import.meta.dirname, '..');

async function cruiseWithOurRules(baseDir: string, folders: string[]): Promise<ICruiseResult> {
  const reported = await cruise(folders, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
  });
  return reported.output as ICruiseResult;
}

test('every rule reports its breach in a miniature repo, and nothing that is allowed', async () => {
  // The same folder names as ours; each file's import breaks the rule named here, except
  // user-row.ts, imported by its own feature, a dependency-free repository.ts, and web's lib
  // test and test helper.
  const fixture = resolve(root, 'scripts/fixtures/layers');
  const { summary } = await cruiseWithOurRules(fixture, ['apps', 'packages']);
  const reported = summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
  expect(reported.sort()).toEqual([
    'bi-model-imports-zod-and-protocol-only: packages/bi-model/src/report.ts → fs',
    'bi-model-imports-zod-and-protocol-only: packages/bi-model/src/report.ts → packages/contracts/src/users.ts',
    'bi-service-knows-no-portal: apps/bi-service/src/app.ts → apps/server/src/modules/a/repository.ts',
    'frame-over-http: apps/report-frame/src/main.ts → packages/contracts/src/users.ts',
    // A dynamic import counts like a static one.
    'leaf-packages-stand-alone: packages/contracts/src/users.ts → apps/server/src/app.ts',
    // A re-export counts too.
    'leaf-packages-stand-alone: packages/env/src/index.ts → packages/contracts/src/users.ts',
    // The frame's folders report and editor import each other (web's lib and its test helpers may).
    'no-app-folder-cycles: apps/report-frame/src/editor → apps/report-frame/src/report',
    'no-app-folder-cycles: apps/report-frame/src/report → apps/report-frame/src/editor',
    // Type-only imports, which compile away, still make a cycle (reported once per cycle).
    'no-cycles: packages/embed-sdk/src/embed.ts → packages/embed-sdk/src/service.ts',
    // Modules a and b: no file imports itself back, but the folders depend on each other.
    'no-module-cycles: apps/server/src/modules/a → apps/server/src/modules/b',
    'no-module-cycles: apps/server/src/modules/b → apps/server/src/modules/a',
    'no-unresolvable: apps/web/src/lost.ts → ./gone.ts',
    'sdk-protocol-core: packages/embed-sdk/src/protocol/validators.ts → packages/embed-sdk/src/service.ts',
    'sdk-stands-alone: packages/embed-sdk/src/report.ts → apps/web/src/main.ts',
    'server-over-http: apps/server/src/app.ts → apps/bi-service/src/embed-routes.ts',
    'web-feature-isolation: apps/web/src/features/users/user-table.ts → apps/web/src/features/accounts/account-form.ts',
    'web-over-http: apps/web/src/main.ts → apps/report-frame/src/main.ts',
  ]);
});

test('a workspace package name resolves to its files, so the path rules apply to it', async () => {
  // apps/bi-service/src/config.ts imports `@vitrina/env` by name.
  const { modules } = await cruiseWithOurRules(root, ['apps/bi-service/src/config.ts']);
  const configModule = modules.find((module) => module.source === 'apps/bi-service/src/config.ts');
  const envImport = configModule?.dependencies.find(
    (dependency) => dependency.module === '@vitrina/env',
  );
  expect(envImport?.resolved).toBe('packages/env/src/index.ts');
});
