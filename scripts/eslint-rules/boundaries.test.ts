import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, test } from 'vitest';
import boundaries from './boundaries.js';

const root = resolve(import.meta.dirname, '../..');
const at = (path: string) => resolve(root, path);

const zones = [
  {
    from: 'packages/contracts',
    disallow: ['@vitrina', 'apps'],
    message: 'contracts imports nothing of ours',
  },
  { from: 'apps/web/src/features', featureIsolation: true },
  {
    from: 'packages/bi-model',
    allow: ['zod', '@vitrina/embed-sdk/protocol'],
    message: 'bi-model imports zod and the SDK protocol only',
  },
];

RuleTester.describe = describe;
RuleTester.it = test;
RuleTester.itOnly = test.only;

new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } }).run(
  'vitrina/boundaries',
  boundaries,
  {
    valid: [
      {
        filename: at('apps/web/src/features/users/components/user-table.tsx'),
        code: "import { api } from '../api/users.ts';",
        options: [zones],
      },
      {
        filename: at('apps/web/src/features/users/components/user-table.tsx'),
        code: "import { Button } from '../../../components/button.tsx';",
        options: [zones],
      },
      {
        filename: at('packages/contracts/src/users.ts'),
        code: "import { z } from 'zod';",
        options: [zones],
      },
      {
        filename: at('packages/bi-model/src/filters.ts'),
        code: "import { FilterType } from '@vitrina/embed-sdk/protocol';\nimport { q } from './query.ts';",
        options: [zones],
      },
    ],
    invalid: [
      {
        filename: at('apps/web/src/features/users/components/user-table.tsx'),
        code: "import { AccountForm } from '../../accounts/components/account-form.tsx';",
        options: [zones],
        errors: [
          { message: 'feature "users" may not import feature "accounts"; compose them in src/app' },
        ],
      },
      {
        filename: at('packages/contracts/src/users.ts'),
        code: "export * from '@vitrina/embed-sdk';",
        options: [zones],
        errors: [{ message: 'contracts imports nothing of ours' }],
      },
      {
        filename: at('packages/contracts/src/users.ts'),
        code: "const server = import('../../../apps/server/src/app.ts');",
        options: [zones],
        errors: [{ message: 'contracts imports nothing of ours' }],
      },
      {
        filename: at('packages/bi-model/src/filters.ts'),
        code: "import { Report } from '@vitrina/embed-sdk';",
        options: [zones],
        errors: [{ message: 'bi-model imports zod and the SDK protocol only' }],
      },
      {
        filename: at('packages/bi-model/src/filters.ts'),
        code: "import { readFileSync } from 'node:fs';",
        options: [zones],
        errors: [{ message: 'bi-model imports zod and the SDK protocol only' }],
      },
    ],
  },
);
