import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKey } from '../src/tokens/signing-key.ts';
import {
  assertAccessLevel,
  assertTokenCovers,
  signEmbedToken,
  verifyEmbedToken,
  type EmbedTokenClaims,
} from '../src/tokens/embed-token.ts';

const key = loadOrCreateKey(':memory:', 'embed-token');
const grant = {
  sub: 'user-1',
  reports: ['r1'],
  datasets: ['d1'],
  dashboards: [],
  tiles: [],
  workspaces: ['w1'],
  accessLevel: 'View' as const,
};
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('verifyEmbedToken', () => {
  it('returns the claims of a valid token', async () => {
    const token = await signEmbedToken(key, { ...grant, exp: inAnHour() });
    const claims = await verifyEmbedToken(key, `EmbedToken ${token}`);
    expect(claims).toMatchObject({ ...grant, ver: 1 });
  });

  it('rejects an expired token with TokenExpired (401)', async () => {
    const token = await signEmbedToken(key, { ...grant, exp: Math.floor(Date.now() / 1000) - 1 });
    await expect(verifyEmbedToken(key, `EmbedToken ${token}`)).rejects.toMatchObject({
      code: 'TokenExpired',
      statusCode: 401,
    });
  });

  it('rejects missing, malformed, tampered and foreign tokens with PowerBINotAuthorizedException (401)', async () => {
    const token = await signEmbedToken(key, { ...grant, exp: inAnHour() });
    const [header, , signature] = token.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...grant, reports: ['r1', 'r2'], ver: 1, exp: inAnHour() }),
    ).toString('base64url');
    const foreignKey = loadOrCreateKey(':memory:', 'other');
    const foreign = await new SignJWT({ ...grant, ver: 1 })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setExpirationTime(inAnHour())
      .sign(foreignKey.secret);
    const headers = [
      undefined,
      '',
      `Bearer ${token}`,
      'EmbedToken garbage',
      `EmbedToken ${header}.${widened}.${signature}`,
      `EmbedToken ${foreign}`,
    ];
    for (const authorization of headers) {
      await expect(verifyEmbedToken(key, authorization)).rejects.toMatchObject({
        code: 'PowerBINotAuthorizedException',
        statusCode: 401,
      });
    }
  });

  it('rejects a well-signed token whose claims are not an embed grant', async () => {
    const token = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setExpirationTime(inAnHour())
      .sign(key.secret);
    await expect(verifyEmbedToken(key, `EmbedToken ${token}`)).rejects.toMatchObject({
      code: 'PowerBINotAuthorizedException',
    });
  });
});

describe('scope checks', () => {
  const claims: EmbedTokenClaims = { ...grant, ver: 1, jti: 'token-1', iat: 0, exp: inAnHour() };

  it('accepts granted items (any case) and refuses others with 403', () => {
    expect(() => assertTokenCovers(claims, 'report', 'R1')).not.toThrow();
    expect(() => assertTokenCovers(claims, 'report', 'r2')).toThrow(
      expect.objectContaining({ code: 'PowerBINotAuthorizedException', statusCode: 403 }),
    );
    expect(() => assertTokenCovers(claims, 'dashboard', 'r1')).toThrow();
  });

  it('needs Edit or Create access to save and Create to create', () => {
    expect(() => assertAccessLevel(claims, 'Edit')).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => assertAccessLevel({ ...claims, accessLevel: 'Edit' }, 'Edit')).not.toThrow();
    expect(() => assertAccessLevel({ ...claims, accessLevel: 'Edit' }, 'Create')).toThrow();
    expect(() => assertAccessLevel({ ...claims, accessLevel: 'Create' }, 'Edit')).not.toThrow();
  });
});
