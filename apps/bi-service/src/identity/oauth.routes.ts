import type { FastifyReply } from 'fastify';
import type { Reservation } from '../auth/failure-limiter.ts';
import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import { noStore } from '../http/no-store.ts';
import type { AppRow } from '../storage/principals.repository.ts';
import {
  accessTokenLifetimeSeconds,
  powerBiResource,
  signAccessToken,
  tenantGuid,
} from '../tokens/access-token.ts';
import { sendAadError } from './aad-error.ts';
import { issuerFor, requestOrigin } from './discovery.routes.ts';
import { failureBuckets, type TriedCredential } from './failure-buckets.ts';
import { clientInfoFor, createIdToken } from './id-token.ts';
import { requiresMfa } from './mfa-required.ts';
import { secretMatches } from '../tokens/passwords.ts';
import { asksForPowerBi, readTokenRequest, type TokenRequest } from './token-request.ts';
import { tenantParams, tokenForm, tokenResponses } from './oauth.schemas.ts';

/** What both grants work with once the request has named a registered application. */
interface Grant {
  services: BiServices;
  tenant: string;
  issuer: string;
  reply: FastifyReply;
  app: AppRow;
  input: TokenRequest;
  /** This attempt's place in the failure limits; released when the credentials prove good. */
  attempt: Extract<Reservation, { allowed: true }>;
}

const missing = (names: string) =>
  `The request body must contain the following parameter: ${names}.`;

function tooManyFailures(reply: FastifyReply, retryAfter: number) {
  reply.header('retry-after', String(retryAfter));
  return sendAadError(reply, 'tooManyRequests', 'Too many failed attempts; retry later.');
}

/**
 * The OAuth2 token endpoint in Entra ID's shape: password and client-credentials grants. Every
 * attempt is counted against the credential it tries and its address before any secret is checked
 * (see failureBuckets); the whole endpoint is also rate-limited per address.
 */
export function registerOAuthRoutes(app: ZodApp, services: BiServices): void {
  const reserve = (address: string, tried?: TriedCredential) =>
    services.authFailures.reserve(
      failureBuckets(address, services.config.authFailuresPerWindow, tried),
    );
  app.post(
    '/:tenant/oauth2/v2.0/token',
    {
      onRequest: noStore,
      config: { rateLimit: {} },
      schema: { params: tenantParams, body: tokenForm, response: tokenResponses },
    },
    async (request, reply) => {
      const input = readTokenRequest(request);
      const { tenant } = request.params;
      if (!input) {
        const attempt = reserve(request.ip);
        if (!attempt.allowed) return tooManyFailures(reply, attempt.retryAfter);
        return sendAadError(reply, 'invalidSecret', 'The client credentials are malformed.');
      }
      if (!input.grantType) return sendAadError(reply, 'missingParameter', missing("'grant_type'"));
      if (!input.clientId) return sendAadError(reply, 'missingParameter', missing("'client_id'"));
      if (!input.scope) return sendAadError(reply, 'missingParameter', missing("'scope'"));
      if (!asksForPowerBi(input.scope)) {
        return sendAadError(
          reply,
          'invalidScope',
          `The provided value for scope ${input.scope} is not valid.`,
        );
      }
      const registered = await services.principals.getApp(input.clientId);
      if (!registered) {
        const attempt = reserve(request.ip);
        if (!attempt.allowed) return tooManyFailures(reply, attempt.retryAfter);
        const text = `Application with identifier '${input.clientId}' was not found in the directory '${tenant}'.`;
        return sendAadError(reply, 'unknownClient', text);
      }
      const issuer = issuerFor(requestOrigin(request), tenant);
      const attempt = reserve(request.ip, {
        clientId: registered.clientId,
        username: input.grantType === 'password' ? input.username : undefined,
      });
      if (!attempt.allowed) return tooManyFailures(reply, attempt.retryAfter);
      const grant: Grant = { services, tenant, issuer, reply, app: registered, input, attempt };
      if (input.grantType === 'password') return passwordGrant(grant);
      if (input.grantType === 'client_credentials') return clientCredentialsGrant(grant);
      return sendAadError(
        reply,
        'unsupportedGrant',
        "The provided value for the input parameter 'grant_type' is not valid.",
      );
    },
  );
}

async function passwordGrant({ services, tenant, issuer, reply, app, input, attempt }: Grant) {
  // A confidential client may use the password grant too, but then it must prove its secret.
  const secretOk =
    app.secretHash === null || (await secretMatches(app.secretHash, input.clientSecret ?? ''));
  if (!secretOk) return sendAadError(reply, 'invalidSecret', 'Invalid client secret provided.');
  if (!input.username || !input.password) {
    return sendAadError(reply, 'missingParameter', missing("'username' and 'password'"));
  }
  const user = await services.principals.getUserByUsername(input.username);
  // Compare even for unknown users, so both failures take the same time.
  const matches = await secretMatches(user?.passwordHash ?? unknownUserHash, input.password);
  if (!user || !matches) {
    return sendAadError(
      reply,
      'invalidCredentials',
      'Error validating credentials due to invalid username or password.',
    );
  }
  attempt.release();
  if (requiresMfa(user.username)) {
    return sendAadError(
      reply,
      'mfaRequired',
      "Due to a configuration change made by your administrator, or because you moved to a new location, you must use multi-factor authentication to access '00000009-0000-0000-c000-000000000000'.",
    );
  }
  const principal = { kind: 'user' as const, id: user.id };
  const subject = { principal, clientId: app.clientId, tenant, username: user.username };
  const { token } = await signAccessToken(services.accessTokenKey, issuer, subject, services.clock);
  const idToken = await createIdToken(
    services.accessTokenKey,
    { issuer, clientId: app.clientId, tenant, user },
    services.clock,
  );
  return sendTokens(reply, token, {
    scope: `${powerBiResource}/user_impersonation ${powerBiResource}/.default`,
    id_token: idToken,
    client_info: clientInfoFor(user.id, tenantGuid(tenant)),
  });
}

async function clientCredentialsGrant(grant: Grant) {
  const { services, tenant, issuer, reply, app, input, attempt } = grant;
  if (app.secretHash === null) {
    return sendAadError(
      reply,
      'publicClientCredentials',
      'The client is a public client: client credentials are not allowed.',
    );
  }
  if (!input.clientSecret)
    return sendAadError(
      reply,
      'missingParameter',
      missing("'client_assertion' or 'client_secret'"),
    );
  if (!(await secretMatches(app.secretHash, input.clientSecret))) {
    return sendAadError(reply, 'invalidSecret', 'Invalid client secret provided.');
  }
  attempt.release();
  const principal = { kind: 'app' as const, id: app.clientId };
  const subject = { principal, clientId: app.clientId, tenant };
  const { token } = await signAccessToken(services.accessTokenKey, issuer, subject, services.clock);
  return sendTokens(reply, token, { scope: `${powerBiResource}/.default` });
}

function sendTokens(reply: FastifyReply, accessToken: string, extra: Record<string, string>) {
  return reply.send({
    token_type: 'Bearer',
    expires_in: accessTokenLifetimeSeconds,
    ext_expires_in: accessTokenLifetimeSeconds,
    access_token: accessToken,
    ...extra,
  });
}

/** A real argon2id hash of a random string: comparing against it always fails, at full cost. */
const unknownUserHash =
  '$argon2id$v=19$m=19456,t=2,p=1$fc/6b251kS3EQkkLqbj+xA$irU1IJetM8iuzyFi02mYhgx4vRSA4AiEKbgNgoEnRtc';
