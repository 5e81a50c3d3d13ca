/**
 * Builds the SDK's distributables into dist/:
 * - powerbi.js / powerbi.min.js: the script bundle (IIFE) that sets `window.powerbi` and
 *   `window['powerbi-client']`, as 2.8.0's dist/powerbi.js does;
 * - esm/: ES modules for bundlers (`index.js`, `protocol.js`, `react.js`; react stays external);
 * - types/: the .d.ts files of the sources.
 * Run with `npm run build -w @vitrina/embed-sdk`.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const packageDir = resolve(import.meta.dirname, '..');
const dist = join(packageDir, 'dist');
const banner = { js: '/*! @vitrina/embed-sdk 2.8.0 (powerbi-client 2.8.0 compatible) */' };

const common: BuildOptions = {
  bundle: true,
  target: 'es2022',
  logLevel: 'warning',
  legalComments: 'none',
  banner,
};

export async function buildSdk(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  const script = {
    ...common,
    entryPoints: [join(packageDir, 'src/global.ts')],
    format: 'iife' as const,
  };
  await Promise.all([
    build({ ...script, outfile: join(dist, 'powerbi.js') }),
    build({ ...script, outfile: join(dist, 'powerbi.min.js'), minify: true }),
    build({
      ...common,
      entryPoints: {
        index: join(packageDir, 'src/index.ts'),
        protocol: join(packageDir, 'src/protocol/index.ts'),
        react: join(packageDir, 'src/react/index.ts'),
      },
      outdir: join(dist, 'esm'),
      format: 'esm',
      splitting: true,
      external: ['react', 'react/jsx-runtime', 'react-dom'],
      jsx: 'automatic',
    }),
  ]);
  emitDeclarations();
}

/** Declarations through tsc, from a throwaway config that covers the whole src tree. */
function emitDeclarations(): void {
  const configPath = join(packageDir, 'tsconfig.dist.tmp.json');
  const tsconfig = {
    extends: './tsconfig.json',
    compilerOptions: {
      composite: false,
      incremental: false,
      declaration: true,
      emitDeclarationOnly: true,
      rewriteRelativeImportExtensions: true,
      outDir: './dist/types',
      rootDir: './src',
    },
    include: ['src'],
    exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    references: [],
  };
  writeFileSync(configPath, JSON.stringify(tsconfig));
  try {
    const tsc = join(packageDir, '../../node_modules/.bin/tsc');
    const result = spawnSync(tsc, ['-p', configPath], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('tsc could not emit the SDK declarations');
  } finally {
    rmSync(configPath, { force: true });
  }
}

if (import.meta.main) await buildSdk();
