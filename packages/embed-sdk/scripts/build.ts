/**
 * Builds the SDK's distributables into dist/:
 * - powerbi.js / powerbi.min.js: the script bundle (IIFE) that sets `window.powerbi` and
 *   `window['powerbi-client']`, as 2.8.0's dist/powerbi.js does; the minified one goes through
 *   terser after esbuild (see `compressScript`);
 * - esm/: ES modules for bundlers (`index.js`, `protocol.js`, `react.js`; react stays external);
 * - types/: the .d.ts files of the sources.
 * Run with `npm run build -w @vitrina/embed-sdk`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { minify } from 'terser';

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

/** The script bundle (IIFE): what sets `window.powerbi` and `window['powerbi-client']`. */
const script: BuildOptions = {
  ...common,
  entryPoints: [join(packageDir, 'src/global.ts')],
  format: 'iife',
};

export async function buildSdk(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  await Promise.all([
    build({ ...script, outfile: join(dist, 'powerbi.js') }),
    minifiedScript().then((code) => {
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'powerbi.min.js'), code);
    }),
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

/** The text of dist/powerbi.min.js: esbuild's minified bundle, then `compressScript`. */
async function minifiedScript(): Promise<string> {
  const { outputFiles } = await build({ ...script, minify: true, write: false });
  return compressScript(outputFiles[0]?.text ?? '');
}

/**
 * A second minifier pass over esbuild's minified script bundle (decision 0214): terser's
 * compressor (joined declarations, single-use constants and functions inlined) and its mangler,
 * which picks names by character frequency, take the bundle about 460 bytes smaller after gzip
 * than esbuild's minifier alone. Only terser's safe default transforms are used (no `unsafe*`
 * options); property names are never mangled, so every public name and wire field stays as is.
 * The `/*!` banner is kept.
 */
async function compressScript(code: string): Promise<string> {
  const result = await minify(code, {
    ecma: 2022,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: /^!/ },
  });
  if (result.code === undefined) throw new Error('terser returned no code for powerbi.min.js');
  return result.code;
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
