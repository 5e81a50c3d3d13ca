import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BiServices } from '../services.ts';
import type { AppRow } from '../storage/principals.repository.ts';
import {
  accessTokenLifetimeSeconds,
  powerBiResource,
  signAccessToken,
  tenantGuid,
} from '../tokens/access-token.ts';
import { sendAadError } from './aad-error.ts';
import { issuerFor, requestOrigin } from './discovery.routes.ts';
import { clientInfoFor, createIdToken } from './id-token.ts';
import { secretMatches } from './passwords.ts';
import { asksForPowerBi, readTokenRequest, type TokenRequest } from './token-request.ts';

/** What both grants work with once the request has named a registered application. */
interface Grant {
  services: BiServices;
  tenant: string;
  issuer: string;
  reply: FastifyReply;
  app: AppRow;
  input: TokenRequest;
}

const missing = (names: string) =>
  `The request body must contain the following parameter: ${names}.`;

/** The OAuth2 token endpoint in Entra ID's shape: password and client-credentials grants. */
export function registerOAuthRoutes(app: FastifyInstance, services: BiServices): void {
  app.post<{ Params: { tenant: string } }>(
    '/:tenant/oauth2/v2.0/token',
    { config: { rateLimit: {} } },
    async (request, reply) => {
      const input = readTokenRequest(request);
      const { tenant } = request.params;
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
      const registered = services.principals.getApp(input.clientId);
      if (!registered) {
        const text = `Application with identifier '${input.clientId}' was not found in the directory '${tenant}'.`;
        return sendAadError(reply, 'unknownClient', text);
      }
      const issuer = issuerFor(requestOrigin(request), tenant);
      const grant: Grant = { services, tenant, issuer, reply, app: registered, input };
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

async function passwordGrant({ services, tenant, issuer, reply, app, input }: Grant) {
  // A confidential client may use the password grant too, but then it must prove its secret.
  const secretOk =
    app.secretHash === null || (await secretMatches(app.secretHash, input.clientSecret ?? ''));
  if (!secretOk) return sendAadError(reply, 'invalidSecret', 'Invalid client secret provided.');
  if (!input.username || !input.password) {
    return sendAadError(reply, 'missingParameter', missing("'username' and 'password'"));
  }
  const user = services.principals.getUserByUsername(input.username);
  // Compare even for unknown users, so both failures take the same time.
  const matches = await secretMatches(user?.passwordHash ?? unknownUserHash, input.password);
  if (!user || !matches) {
    return sendAadError(
      reply,
      'invalidCredentials',
      'Error validating credentials due to invalid username or password.',
    );
  }
  const principal = { kind: 'user' as const, id: user.id };
  const subject = { principal, clientId: app.clientId, tenant, username: user.username };
  const { token } = await signAccessToken(services.accessTokenKey, issuer, subject);
  const idToken = await createIdToken(services.accessTokenKey, {
    issuer,
    clientId: app.clientId,
    tenant,
    user,
  });
  return sendTokens(reply, token, {
    scope: `${powerBiResource}/user_impersonation ${powerBiResource}/.default`,
    id_token: idToken,
    client_info: clientInfoFor(user.id, tenantGuid(tenant)),
  });
}

async function clientCredentialsGrant({ services, tenant, issuer, reply, app, input }: Grant) {
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
  const principal = { kind: 'app' as const, id: app.clientId };
  const { token } = await signAccessToken(services.accessTokenKey, issuer, {
    principal,
    clientId: app.clientId,
    tenant,
  });
  return sendTokens(reply, token, { scope: `${powerBiResource}/.default` });
}

function sendTokens(reply: FastifyReply, accessToken: string, extra: Record<string, string>) {
  return reply.header('cache-control', 'no-store').send({
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
