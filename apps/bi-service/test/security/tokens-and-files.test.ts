import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../../src/modules/tenant/catalog.service.ts';
import {
  embedTokenAudience,
  embedTokenIssuer,
  signEmbedToken,
  verifyEmbedToken,
} from '../../src/modules/identity/embed-token.ts';
import { ids } from '../fixture-content.ts';
import { call, comercial } from '../harness.ts';
import { useTestService } from '../support/test-service.ts';

const service = useTestService();

const now = () => Math.floor(Date.now() / 1000);
type Claim = 'exp' | 'iat' | 'iss' | 'aud' | 'jti';
const claims: Claim[] = ['exp', 'iat', 'iss', 'aud'];
// An embed token's id is required too: the reports it makes are bound to it (decision 0224).
const embedClaims: Claim[] = [...claims, 'jti'];

/** A token signed with the right key, carrying every registered claim except `omitted`. */
function withoutClaim(
  payload: Record<string, unknown>,
  registered: { iss: string; aud: string; kid?: string },
  omitted: Claim | undefined,
) {
  let jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: registered.kid });
  if (omitted !== 'exp') jwt = jwt.setExpirationTime(now() + 600);
  if (omitted !== 'iat') jwt = jwt.setIssuedAt(now());
  if (omitted !== 'iss') jwt = jwt.setIssuer(registered.iss);
  if (omitted !== 'aud') jwt = jwt.setAudience(registered.aud);
  if (omitted !== 'jti') jwt = jwt.setJti(randomUUID());
  return jwt;
}

describe('registered claims are required on every token the service verifies', () => {
  it.each(claims)('refuses an access token without %s', async (omitted) => {
    const user = await service.services.principals.getUserByUsername(comercial.username);
    const registered = {
      iss: `${service.url}/vitrina/v2.0`,
      aud: 'https://analysis.windows.net/powerbi/api',
    };
    const payload = { sub: user!.id, idtyp: 'user', appid: comercial.clientId };
    const complete = await withoutClaim(payload, registered, undefined).sign(
      service.services.accessTokenKey.secret,
    );
    expect((await call(service.url, '/v1.0/myorg/groups', { token: complete })).status).toBe(200);
    const token = await withoutClaim(payload, registered, omitted).sign(
      service.services.accessTokenKey.secret,
    );
    const response = await call(service.url, '/v1.0/myorg/groups', { token });
    expect(response.status).toBe(401);
  });

  it.each(embedClaims)('refuses an embed token without %s', async (omitted) => {
    const key = service.services.embedTokenKey;
    const grant = {
      sub: 'someone',
      ver: 1,
      reports: [ids.listingReport],
      datasets: [],
      dashboards: [],
      tiles: [],
      workspaces: [workspaceIdFor('Comercial')],
      accessLevel: 'View',
    };
    const registered = { iss: embedTokenIssuer, aud: embedTokenAudience, kid: key.kid };
    const complete = await withoutClaim(grant, registered, undefined).sign(key.secret);
    await expect(verifyEmbedToken(key, `EmbedToken ${complete}`)).resolves.toMatchObject(grant);
    const token = await withoutClaim(grant, registered, omitted).sign(key.secret);
    await expect(verifyEmbedToken(key, `EmbedToken ${token}`)).rejects.toMatchObject({
      statusCode: 401,
    });
    const response = await call(service.url, `/v1.0/embed/reports/${ids.listingReport}`, {
      token,
      scheme: 'EmbedToken',
    });
    expect(response.status).toBe(401);
  });

  it('reads the time from the injected clock', async () => {
    const key = service.services.embedTokenKey;
    const exp = now() + 60;
    const token = await signEmbedToken(key, {
      sub: 's',
      reports: [],
      datasets: [],
      dashboards: [],
      tiles: [],
      workspaces: [],
      accessLevel: 'View',
      exp,
    });
    const later = { now: () => new Date((exp + 1) * 1000) };
    await expect(verifyEmbedToken(key, `EmbedToken ${token}`, later)).rejects.toMatchObject({
      code: 'TokenExpired',
    });
    await expect(verifyEmbedToken(key, `EmbedToken ${token}`)).resolves.toMatchObject({ exp });
  });
});

describe('files the service creates are the owner’s alone', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('makes its directories 0700 and its database, WAL, keys and TLS key 0600', () => {
    const dataDir = service.services.config.dataDir;
    for (const folder of [dataDir, join(dataDir, 'keys'), join(dataDir, 'tls')]) {
      expect({ folder, mode: modeOf(folder).toString(8) }).toEqual({ folder, mode: '700' });
    }
    const files = [
      'metadata.db',
      'metadata.db-wal',
      'keys/access-token.key',
      'keys/embed-token.key',
      'tls/key.pem',
    ].map((name) => join(dataDir, name));
    for (const file of files) {
      expect({ file, mode: modeOf(file).toString(8) }).toEqual({ file, mode: '600' });
    }
  });
});
