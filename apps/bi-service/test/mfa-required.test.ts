import { describe, expect, it } from 'vitest';
import { demoMfaUsername, publishedDemoCredentials } from '@vitrina/env/demo';
import { comercial, powerBiScope, requestToken } from './harness.ts';
import { useTestService } from './support/test-service.ts';

const service = useTestService();

const form = (password: string) => ({
  grant_type: 'password',
  client_id: comercial.clientId,
  username: demoMfaUsername,
  password,
  scope: powerBiScope,
});

describe('token endpoint: the demo user flagged "MFA required"', () => {
  it('answers AADSTS50076 to the right password, as Entra ID does for ROPC under MFA', async () => {
    const { status, body } = await requestToken(
      service.url,
      form(publishedDemoCredentials.passwords[demoMfaUsername]!),
    );
    expect(status).toBe(400);
    expect(body['error']).toBe('invalid_grant');
    expect(body['error_codes']).toEqual([50076]);
    expect(String(body['error_description'])).toMatch(/^AADSTS50076:/);
    expect(body['access_token']).toBeUndefined();
  });

  it('still answers AADSTS50126 to a wrong password (MFA comes after the password)', async () => {
    const { body } = await requestToken(service.url, form('Equivocada1'));
    expect(body['error_codes']).toEqual([50126]);
  });
});
