import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  demoModeOf,
  envFlag,
  nodeEnvField,
  portalEnvShape,
  portalUrlOf,
  runModeEnvShape,
  runModeOf,
} from './index.ts';

describe('envFlag', () => {
  const demo = z.object({ VITRINA_DEMO: envFlag(true) });
  const parse = (value: string | undefined) => demo.safeParse({ VITRINA_DEMO: value });

  test.each([
    ['true', true],
    ['1', true],
    [' TRUE ', true],
    ['false', false],
    ['0', false],
    ['False', false],
  ])('%j is %s', (value, expected) => {
    expect(parse(value).data?.VITRINA_DEMO).toBe(expected);
  });

  test('unset or blank takes the default', () => {
    expect(parse(undefined).data?.VITRINA_DEMO).toBe(true);
    expect(parse('  ').data?.VITRINA_DEMO).toBe(true);
    expect(envFlag(false).parse(undefined)).toBe(false);
  });

  test('anything else is an error on that variable, not a guess', () => {
    const result = parse('no');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['VITRINA_DEMO']);
  });
});

describe('portal URL', () => {
  const portal = z.object(portalEnvShape);
  const urlFor = (env: Record<string, string>) => portalUrlOf(portal.parse(env));

  test('follows PORT on localhost when PORTAL_URL is unset or blank', () => {
    expect(urlFor({})).toBe('http://localhost:8080');
    expect(urlFor({ PORT: '9000' })).toBe('http://localhost:9000');
    expect(urlFor({ PORT: '9000', PORTAL_URL: '' })).toBe('http://localhost:9000');
  });

  test('PORTAL_URL wins over PORT', () => {
    expect(urlFor({ PORT: '9000', PORTAL_URL: 'https://portal.example/vitrina' })).toBe(
      'https://portal.example/vitrina',
    );
  });

  test('a PORTAL_URL that is not a URL is an error', () => {
    expect(portal.safeParse({ PORTAL_URL: 'portal.example' }).success).toBe(false);
  });
});

describe('NODE_ENV', () => {
  test.each([
    ['development', 'development'],
    [' Test ', 'test'],
    ['DEVELOPMENT', 'development'],
    [undefined, 'production'],
    ['', 'production'],
    ['production', 'production'],
    ['prod', 'production'],
    ['Production', 'production'],
    ['staging', 'production'],
  ])('%j runs as %s', (value, expected) => {
    expect(runModeOf(value)).toBe(expected);
    expect(nodeEnvField.parse(value)).toBe(expected);
  });
});

describe('VITRINA_DEMO', () => {
  const demoFor = (env: Record<string, string>) => demoModeOf(z.object(runModeEnvShape).parse(env));

  test('is on by default outside production only', () => {
    expect(demoFor({ NODE_ENV: 'development' })).toBe(true);
    expect(demoFor({ NODE_ENV: 'test', VITRINA_DEMO: ' ' })).toBe(true);
    expect(demoFor({})).toBe(false);
    expect(demoFor({ NODE_ENV: 'production' })).toBe(false);
  });

  test('an explicit value wins in every run mode', () => {
    expect(demoFor({ NODE_ENV: 'production', VITRINA_DEMO: 'true' })).toBe(true);
    expect(demoFor({ VITRINA_DEMO: '1' })).toBe(true);
    expect(demoFor({ NODE_ENV: 'development', VITRINA_DEMO: 'FALSE' })).toBe(false);
  });

  test('anything else is an error on that variable', () => {
    const result = z.object(runModeEnvShape).safeParse({ VITRINA_DEMO: 'sí' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['VITRINA_DEMO']);
  });
});
