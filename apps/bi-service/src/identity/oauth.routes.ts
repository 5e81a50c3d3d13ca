import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BiServices } from '../services.ts';
import {
  accessTokenLifetimeSeconds,
  powerBiResource,
  signAccessToken,
  tenantGuid,
} from '../tokens/access-token.ts';
import { sendAadError } from './aad-error.ts';
import { issuerFor, requestOrigin } from './discovery.routes.ts';
import { secretMatches } from './passwords.ts';
import { asksForPowerBi, readTokenRequest, type TokenRequest } from './token-request.ts';
import { createIdToken, clientInfoFor } from './id-token.ts';

interface Context {
  services: BiServices;
  tenant: string;
  issuer: string;
  reply: FastifyReply;
}

/** The OAuth2 token endpoint in Entra ID's shape: password and client-credentials grants. */
export function registerOAuthRoutes(app: FastifyInstance, services: BiServices): void {
  app.post<{ Params: { tenant: string } }>(
    '/:tenant/oauth2/v2.0/token',
    { config: { rateLimit: {} } },
    async (request, reply) => {
      const input = readTokenRequest(request);
      const { tenant } = request.params;
      const context: Context = {
        services,
        tenant,
        issuer: issuerFor(requestOrigin(request), tenant),
        reply,
      };
      if (!input.grantType)
        return sendAadError(
          reply,
          'missingParameter',
          "The request body must contain the following parameter: 'grant_type'.",
        );
      if (!input.clientId)
        return sendAadError(
          reply,
          'missingParameter',
          "The request body must contain the following parameter: 'client_id'.",
        );
      if (!input.scope)
        return sendAadError(
          reply,
          'missingParameter',
          "The request body must contain the following parameter: 'scope'.",
        );
      if (!asksForPowerBi(input.scope)) {
        return sendAadError(
          reply,
          'invalidScope',
          `The provided value for scope ${input.scope} is not valid.`,
        );
      }
      if (input.grantType === 'password') return passwordGrant(context, input);
      if (input.grantType === 'client_credentials') return clientCredentialsGrant(context, input);
      return sendAadError(
        reply,
        'unsupportedGrant',
        "The provided value for the input parameter 'grant_type' is not valid.",
      );
    },
  );
}

async function passwordGrant({ services, tenant, issuer, reply }: Context, input: TokenRequest) {
  const clientId = input.clientId!;
  const app = services.principals.getApp(clientId);
  if (!app)
    return sendAadError(
      reply,
      'unknownClient',
      `Application with identifier '${clientId}' was not found in the directory '${tenant}'.`,
    );
  if (
    app.secretHash !== null &&
    !(input.clientSecret && (await secretMatches(app.secretHash, input.clientSecret)))
  ) {
    return sendAadError(reply, 'invalidSecret', 'Invalid client secret provided.');
  }
  if (!input.username || !input.password) {
    return sendAadError(
      reply,
      'missingParameter',
      "The request body must contain the following parameters: 'username' and 'password'.",
    );
  }
  const user = services.principals.getUserByUsername(input.username);
  // Hash even for unknown users so both failures take the same time.
  const matches = await secretMatches(user?.passwordHash ?? unknownUserHash, input.password);
  if (!user || !matches)
    return sendAadError(
      reply,
      'invalidCredentials',
      'Error validating credentials due to invalid username or password.',
    );

  const principal = { kind: 'user' as const, id: user.id };
  const { token } = await signAccessToken(services.accessTokenKey, issuer, {
    principal,
    clientId: app.clientId,
    tenant,
    username: user.username,
  });
  const idToken = await createIdToken(services.accessTokenKey, {
    issuer,
    clientId: app.clientId,
    tenant,
    user,
  });
  return reply.header('cache-control', 'no-store').send({
    ...tokenResponseBase(token),
    scope: `${powerBiResource}/user_impersonation ${powerBiResource}/.default`,
    id_token: idToken,
    client_info: clientInfoFor(user.id, tenantGuid(tenant)),
  });
}

async function clientCredentialsGrant(
  { services, tenant, issuer, reply }: Context,
  input: TokenRequest,
) {
  const clientId = input.clientId!;
  const app = services.principals.getApp(clientId);
  if (!app)
    return sendAadError(
      reply,
      'unknownClient',
      `Application with identifier '${clientId}' was not found in the directory '${tenant}'.`,
    );
  if (app.secretHash === null)
    return sendAadError(
      reply,
      'notPublicClient',
      'The provided client is a public client: client credentials are not allowed.',
    );
  if (!input.clientSecret)
    return sendAadError(
      reply,
      'missingParameter',
      "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
    );
  if (!(await secretMatches(app.secretHash, input.clientSecret)))
    return sendAadError(reply, 'invalidSecret', 'Invalid client secret provided.');

  const principal = { kind: 'app' as const, id: app.clientId };
  const { token } = await signAccessToken(services.accessTokenKey, issuer, {
    principal,
    clientId: app.clientId,
    tenant,
  });
  return reply
    .header('cache-control', 'no-store')
    .send({ ...tokenResponseBase(token), scope: `${powerBiResource}/.default` });
}

function tokenResponseBase(accessToken: string) {
  return {
    token_type: 'Bearer',
    expires_in: accessTokenLifetimeSeconds,
    ext_expires_in: accessTokenLifetimeSeconds,
    access_token: accessToken,
  };
}

/** A real argon2id hash of a random string: comparing against it always fails, at full cost. */
const unknownUserHash =
  '$argon2id$v=19$m=19456,t=2,p=1$fc/6b251kS3EQkkLqbj+xA$irU1IJetM8iuzyFi02mYhgx4vRSA4AiEKbgNgoEnRtc';
