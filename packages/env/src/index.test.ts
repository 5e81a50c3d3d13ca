import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  defaultListenHost,
  demoModeOf,
  envFlag,
  nodeEnvField,
  portalEnvShape,
  portalUrlOf,
  runModeEnvShape,
  runModeOf,
  trustProxyField,
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

describe('TRUST_PROXY', () => {
  const proxy = z.object({ TRUST_PROXY: trustProxyField });
  const parse = (value: string | undefined) => proxy.safeParse({ TRUST_PROXY: value });

  test.each([undefined, '', ' ', 'false', '0', 'FALSE'])('%j trusts no proxy', (value) => {
    expect(parse(value).data?.TRUST_PROXY).toBe(false);
  });

  test('takes the proxy addresses and ranges, comma-separated', () => {
    expect(parse('127.0.0.1').data?.TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(parse(' 10.0.0.0/8, ::1 ,fd00::/8').data?.TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  test.each(['true', '1', ' True '])('%j is refused, telling to list the addresses', (value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['TRUST_PROXY']);
    expect(result.error?.issues[0]?.message).toMatch(/list the proxy's addresses/);
  });

  test.each(['proxy.example', '127.0.0.1,', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', 'yes'])(
    '%j is not an address list',
    (value) => {
      expect(parse(value).error?.issues[0]?.message).toMatch(/not an IP address or CIDR range/);
    },
  );

  test('a configured proxy makes loopback the default listen address', () => {
    expect(defaultListenHost(['127.0.0.1'])).toBe('127.0.0.1');
    expect(defaultListenHost(false)).toBe('0.0.0.0');
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
