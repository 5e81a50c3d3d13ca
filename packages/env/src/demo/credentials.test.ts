import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  demoCredentialsFileName,
  demoCredentialsFor,
  publishedDemoCredentials,
  type DemoCredentials,
} from './credentials.ts';
import { demoUsernames } from './identities.ts';

const roots: string[] = [];
const freshRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'vitrina-demo-credentials-'));
  roots.push(root);
  return join(root, 'data');
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const publishedValues = [
  ...Object.values(publishedDemoCredentials.passwords),
  publishedDemoCredentials.servicePrincipalSecret,
];
const valuesOf = (credentials: DemoCredentials) => [
  ...Object.values(credentials.passwords),
  credentials.servicePrincipalSecret,
];

describe('demo credentials', () => {
  test.each(['development', 'test'] as const)('%s runs use the published ones', (mode) => {
    const root = freshRoot();
    expect(demoCredentialsFor(mode, root, () => undefined)).toBe(publishedDemoCredentials);
    expect(() => statSync(root)).toThrow(/ENOENT/);
  });

  test('production creates the installation’s own, private, printed once, then reads them', () => {
    const root = freshRoot();
    const banners: string[] = [];
    const first = demoCredentialsFor('production', root, (banner) => banners.push(banner));

    expect(Object.keys(first.passwords).sort()).toEqual([...demoUsernames].sort());
    for (const value of valuesOf(first)) expect(publishedValues).not.toContain(value);
    expect(new Set(valuesOf(first)).size).toBe(valuesOf(first).length);
    expect(first.servicePrincipalSecret.length).toBeLessThanOrEqual(50);
    expect(statSync(join(root, demoCredentialsFileName)).mode & 0o777).toBe(0o600);
    expect(banners).toHaveLength(1);
    for (const value of valuesOf(first)) expect(banners[0]).toContain(value);

    expect(demoCredentialsFor('production', root, (banner) => banners.push(banner))).toEqual(first);
    expect(banners).toHaveLength(1);
    expect(readdirSync(root)).toEqual([demoCredentialsFileName]);
  });

  test('another installation gets other values', () => {
    const quiet = () => undefined;
    const one = demoCredentialsFor('production', freshRoot(), quiet);
    const other = demoCredentialsFor('production', freshRoot(), quiet);
    expect(other.servicePrincipalSecret).not.toBe(one.servicePrincipalSecret);
  });
});
