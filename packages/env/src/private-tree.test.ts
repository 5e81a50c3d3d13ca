import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { tightenPrivateTree } from './private-tree.ts';

const root = mkdtempSync(join(tmpdir(), 'vitrina-private-tree-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (path: string) => statSync(path).mode & 0o777;

test('an existing data directory is tightened to 0700 directories and 0600 files', () => {
  const data = join(root, 'data');
  mkdirSync(join(data, 'keys'), { recursive: true });
  mkdirSync(join(data, 'bi/datasets'), { recursive: true });
  writeFileSync(join(data, 'vitrina.db'), '');
  writeFileSync(join(data, 'keys/jwt.key'), '');
  writeFileSync(join(data, 'bi/datasets/ventas.duckdb'), '');
  const outside = join(root, 'outside.txt');
  writeFileSync(outside, '');
  symlinkSync(outside, join(data, 'link.txt'));
  for (const dir of [data, join(data, 'keys'), join(data, 'bi'), join(data, 'bi/datasets')])
    chmodSync(dir, 0o755);
  for (const file of ['vitrina.db', 'keys/jwt.key', 'bi/datasets/ventas.duckdb'])
    chmodSync(join(data, file), 0o644);
  chmodSync(outside, 0o644);

  tightenPrivateTree(data);

  for (const dir of ['', 'keys', 'bi', 'bi/datasets']) expect(modeOf(join(data, dir))).toBe(0o700);
  for (const file of ['vitrina.db', 'keys/jwt.key', 'bi/datasets/ventas.duckdb'])
    expect(modeOf(join(data, file))).toBe(0o600);
  // A link is not followed: what it points to is not the data directory's.
  expect(modeOf(outside)).toBe(0o644);
});

test('a directory that is not there yet is nothing to do', () => {
  expect(() => tightenPrivateTree(join(root, 'missing'))).not.toThrow();
});
