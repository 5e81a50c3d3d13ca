import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantGuid } from './access-token.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { tenantParams } from './oauth.schemas.ts';

/** Origin the caller used (HTTP or HTTPS listener), so discovery answers with reachable URLs. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The issuer of tokens for `tenant` as seen through `origin`. */
export const issuerFor = (origin: string, tenant: string) => `${origin}/${tenant}/v2.0`;

/** The OpenID configuration document; MSAL reads more fields than these name, so others pass. */
const openIdConfiguration = z.looseObject({
  issuer: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
});

const instanceDiscovery = z.object({
  tenant_discovery_endpoint: z.string(),
  'api-version': z.string(),
  metadata: z.array(
    z.object({
      preferred_network: z.string(),
      preferred_cache: z.string(),
      aliases: z.array(z.string()),
    }),
  ),
});

/** OpenID Connect discovery and Entra ID instance discovery, what MSAL reads before a token request. */
export function registerDiscoveryRoutes(app: ZodApp): void {
  app.get(
    '/:tenant/v2.0/.well-known/openid-configuration',
    { schema: { params: tenantParams, response: { 200: openIdConfiguration } } },
    async (request) => {
      const origin = requestOrigin(request);
      const { tenant } = request.params;
      const base = `${origin}/${tenant}`;
      return {
        issuer: issuerFor(origin, tenant),
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/oauth2/v2.0/token`,
        device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
        end_session_endpoint: `${base}/oauth2/v2.0/logout`,
        jwks_uri: `${base}/discovery/v2.0/keys`,
        response_types_supported: ['code', 'id_token', 'token id_token'],
        response_modes_supported: ['query', 'fragment', 'form_post'],
        grant_types_supported: ['password', 'client_credentials'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['HS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'name',
          'oid',
          'tid',
          'preferred_username',
          'ver',
        ],
        tenant_region_scope: null,
        cloud_instance_name: request.hostname,
        tid: tenantGuid(tenant),
      };
    },
  );

  // Tokens are signed with a symmetric key that never leaves the service: no public keys to list.
  app.get(
    '/:tenant/discovery/v2.0/keys',
    { schema: { params: tenantParams, response: { 200: z.object({ keys: z.array(z.never()) }) } } },
    async () => ({ keys: [] }),
  );

  app.get(
    '/common/discovery/instance',
    { schema: { response: { 200: instanceDiscovery } } },
    async (request) => {
      const host = request.host;
      return {
        tenant_discovery_endpoint: `${requestOrigin(request)}/common/v2.0/.well-known/openid-configuration`,
        'api-version': '1.1',
        metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
      };
    },
  );
}
