import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { OidcConfig } from '../../config-oidc.ts';
import { readClaims } from './claims-policy.ts';

const tenant = '0b5f1e9c-2d4a-4c1e-9f3a-8e7d6c5b4a31';

function oidcConfig(env: Record<string, string> = {}): OidcConfig {
  const config = loadConfig({
    OIDC_ISSUER: `https://login.microsoftonline.com/${tenant}/v2.0`,
    OIDC_CLIENT_ID: 'vitrina',
    OIDC_ADMIN_VALUES: 'admins',
    ...env,
  });
  if (!config.oidc) throw new Error('OIDC not configured');
  return config.oidc;
}

describe('claims → portal user', () => {
  it('Entra single tenant: a token of another tenant is refused', () => {
    const outcome = readClaims({ sub: 'a', tid: 'otro', groups: ['admins'] }, oidcConfig());
    expect(outcome).toMatchObject({ ok: false, code: 'tenant' });
    expect(readClaims({ sub: 'a', tid: tenant, groups: [] }, oidcConfig()).ok).toBe(true);
  });

  it('Entra groups overage (_claim_names instead of groups) says so', () => {
    const claims = { sub: 'a', tid: tenant, _claim_names: { groups: 'src1' } };
    expect(readClaims(claims, oidcConfig())).toMatchObject({ ok: false, code: 'overage' });
  });

  it('reads a nested role claim (Keycloak realm_access.roles) and a single value', () => {
    const keycloak = oidcConfig({ OIDC_ROLE_CLAIM: 'realm_access.roles' });
    const outcome = readClaims({ sub: 'k', realm_access: { roles: ['admins', 'x'] } }, keycloak);
    expect(outcome).toMatchObject({ ok: true, profile: { rol: 0, groups: ['admins', 'x'] } });
    const google = oidcConfig({ OIDC_ROLE_CLAIM: 'hd', OIDC_ADMIN_VALUES: 'nadie' });
    expect(readClaims({ sub: 'g', hd: 'empresa.com' }, google)).toMatchObject({
      ok: true,
      profile: { rol: 1, groups: ['empresa.com'] },
    });
  });

  it('an unverified e-mail does not pass the domain rule', () => {
    const config = oidcConfig({ OIDC_ALLOWED_DOMAINS: 'Empresa.com' });
    const claims = { sub: 'a', tid: tenant, groups: [], email: 'a@empresa.com' };
    expect(readClaims(claims, config).ok).toBe(true);
    expect(readClaims({ ...claims, email_verified: false }, config)).toMatchObject({
      ok: false,
      code: 'domain',
    });
  });
});

describe('OIDC configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is off without OIDC_ISSUER; LOCAL_LOGIN defaults to all', () => {
    const config = loadConfig({});
    expect(config.oidc).toBeUndefined();
    expect(config.localLogin).toBe('all');
  });

  it('builds the redirect URI from PORTAL_URL only', () => {
    const config = oidcConfig({ PORTAL_URL: 'https://bi.empresa.com/portal/' });
    expect(config.redirectUri).toBe('https://bi.empresa.com/portal/api/auth/oidc/callback');
    expect(config.displayName).toBe('tu cuenta corporativa');
    expect(config.maxSessionHours).toBe(12);
  });

  it.each([
    [{ OIDC_ISSUER: 'http://idp.empresa.com' }, 'OIDC_ISSUER: debe usar https://'],
    [{ OIDC_ISSUER: 'https://idp.empresa.com' }, 'OIDC_CLIENT_ID: es obligatorio'],
    [{ OIDC_SCOPES: 'profile email' }, 'OIDC_SCOPES: debe incluir el alcance "openid"'],
    [{ OIDC_MAX_SESSION_HOURS: '0' }, 'OIDC_MAX_SESSION_HOURS: debe ser mayor que cero'],
    [{ OIDC_ALLOWED_DOMAINS: 'empresa' }, 'OIDC_ALLOWED_DOMAINS.0: cada dominio'],
    [{ LOCAL_LOGIN: 'nadie' }, 'LOCAL_LOGIN: debe ser "all" o "admins"'],
    [{ OIDC_END_SESSION: 'quizá' }, 'OIDC_END_SESSION'],
  ])('%j is refused in Spanish, naming the variable', (env, message) => {
    expect(problems(env)).toContain(message);
  });
});
