import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig as loadBiConfig } from '../apps/bi-service/src/config.ts';
import { loadConfig as loadPortalConfig } from '../apps/server/src/config.ts';
import { stackEnvironment, trialEnvironment } from './stack-environment.ts';

const root = resolve(import.meta.dirname, '..');

/** What each process of `npm start` concludes from the same shell environment. */
function bothConfigs(shell: NodeJS.ProcessEnv) {
  const env = trialEnvironment(shell, root);
  return { portal: loadPortalConfig(env), bi: loadBiConfig(env) };
}

describe('npm start hands both processes one environment they agree on', () => {
  test('PORT=9000: the BI service lets the portal on 9000 frame its reports', () => {
    const { portal, bi } = bothConfigs({ PORT: '9000' });
    expect(portal.portalUrl).toBe('http://localhost:9000');
    expect(bi.allowedOrigins).toEqual(['http://localhost:9000']);
  });

  test('PORTAL_URL: frame-ancestors is its origin', () => {
    const { portal, bi } = bothConfigs({ PORTAL_URL: 'https://portal.example/vitrina' });
    expect(portal.portalUrl).toBe('https://portal.example/vitrina');
    expect(bi.allowedOrigins).toEqual(['https://portal.example']);
  });

  test('an explicit BI_ALLOWED_ORIGINS still wins', () => {
    const { bi } = bothConfigs({ PORT: '9000', BI_ALLOWED_ORIGINS: 'https://a.example' });
    expect(bi.allowedOrigins).toEqual(['https://a.example']);
  });

  test('BI_PORT: the portal calls the BI service where it listens', () => {
    const { portal, bi } = bothConfigs({ BI_PORT: '9001' });
    expect(bi.port).toBe(9001);
    expect(portal.bi.apiUrl).toBe('http://localhost:9001');
    expect(portal.bi.embedOrigin).toBe(bi.publicUrl);
  });

  test.each(['0', 'false', 'FALSE', ' False ', '1', 'true', 'TRUE', ''])(
    'VITRINA_DEMO=%j means the same to both',
    (value) => {
      const { portal, bi } = bothConfigs({ VITRINA_DEMO: value });
      expect(bi.demo).toBe(portal.demo);
      expect(portal.demo).toBe(!['0', 'false'].includes(value.trim().toLowerCase()));
    },
  );

  test('a VITRINA_DEMO that is neither on nor off stops both, naming it', () => {
    expect(() => loadPortalConfig({ VITRINA_DEMO: 'no' })).toThrow(/VITRINA_DEMO/);
    expect(() => loadBiConfig({ VITRINA_DEMO: 'no' })).toThrow(/VITRINA_DEMO/);
  });
});

describe('run mode and demo: npm start is the trial, start:portal and start:bi deploy', () => {
  test('npm start runs as development with the demo unless NODE_ENV says otherwise', () => {
    const { portal, bi } = bothConfigs({ NODE_ENV: ' ' });
    expect([portal.runMode, bi.runMode, portal.demo, bi.demo]).toEqual([
      'development',
      'development',
      true,
      true,
    ]);
    const production = bothConfigs({ NODE_ENV: 'production' });
    expect([production.portal.demo, production.bi.demo]).toEqual([false, false]);
  });

  test('start:portal and start:bi are production with no demo unless told otherwise', () => {
    const env = stackEnvironment({}, root);
    expect(env['NODE_ENV']).toBeUndefined();
    expect(loadPortalConfig(env)).toMatchObject({ runMode: 'production', demo: false });
    expect(loadBiConfig(env)).toMatchObject({ runMode: 'production', demo: false });
    const demo = stackEnvironment({ VITRINA_DEMO: 'true' }, root);
    expect([loadPortalConfig(demo).demo, loadBiConfig(demo).demo]).toEqual([true, true]);
  });
});
