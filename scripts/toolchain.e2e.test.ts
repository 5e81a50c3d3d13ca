import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '..');

describe('toolchain', () => {
  test('tests run on the pinned Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  test('npm run uses the pinned Node 24, whatever node is first on the machine', () => {
    const printed = execFileSync('npm', ['run', '--silent', 'node-version'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(printed.trim()).toMatch(/^v24\./);
  });
});
