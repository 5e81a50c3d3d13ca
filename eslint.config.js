import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-rules/boundaries.js';

/** What may import what: see docs/architecture.md. */
const zones = [
  {
    from: 'packages/contracts',
    disallow: ['@vitrina', 'apps', 'packages/embed-sdk'],
    message: 'contracts imports nothing of ours',
  },
  {
    from: 'packages/bi-model/src',
    allow: ['zod', '@vitrina/embed-sdk/protocol'],
    message: 'bi-model imports zod and the SDK protocol only',
  },
  {
    from: 'packages/embed-sdk/src/protocol',
    disallow: [
      'packages/embed-sdk/src/service.ts',
      'packages/embed-sdk/src/react',
      'react',
      'apps',
      '@vitrina',
    ],
    message: 'the protocol core stays free of the object model, React and the DOM',
  },
  {
    from: 'packages/embed-sdk',
    disallow: ['apps', '@vitrina/contracts', '@vitrina/bi-model'],
    message: 'the SDK stands alone',
  },
  {
    from: 'apps/web/src',
    disallow: [
      '@vitrina/server',
      '@vitrina/bi-service',
      '@vitrina/report-frame',
      'apps/server',
      'apps/bi-service',
    ],
    message: 'the SPA talks to the server over HTTP only',
  },
  { from: 'apps/web/src/features', featureIsolation: true },
  {
    from: 'apps/report-frame/src',
    disallow: ['@vitrina/server', '@vitrina/contracts', '@vitrina/web', 'apps/server', 'apps/web'],
    message: 'the report frame talks to the BI service over HTTP only',
  },
  {
    from: 'apps/server/src',
    disallow: ['@vitrina/web', '@vitrina/bi-service', 'apps/web', 'apps/bi-service'],
    message: 'the portal server talks to the BI service over HTTP only',
  },
  {
    from: 'apps/bi-service/src',
    disallow: ['@vitrina/server', '@vitrina/contracts', '@vitrina/web', 'apps/server', 'apps/web'],
    message: 'the BI service knows nothing of the portal',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      'coverage/**',
      '**/fixtures/**',
      '**/*.min.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { vitrina: { rules: { boundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'vitrina/boundaries': ['error', zones],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ThrowStatement > Literal', message: 'throw Error objects, not literals' },
      ],
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'apps/report-frame/**/*.{ts,tsx}',
      'packages/embed-sdk/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
