import type { SsoFailureCode } from '@vitrina/contracts';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config-oidc.ts';
import type { Clock } from '../../lib/clock.ts';

/** Seconds a call to the provider may take before the sign-in says it is unreachable. */
const providerTimeoutSeconds = 10;

/** The provider as the portal talks to it: discovery once, then per sign-in calls. */
export function createProviderClient(config: OidcConfig, clock: Clock) {
  const issuerUrl = new URL(config.issuer);
  // http is accepted on loopback only (config-oidc.ts): a provider started by tests.
  const insecure = issuerUrl.protocol === 'http:';
  const authentication = config.clientSecret
    ? client.ClientSecretBasic(config.clientSecret)
    : client.None();
  let discovered: Promise<client.Configuration> | undefined;
  // The provider's keys, kept across sign-ins; an unknown key id fetches them again (rotation).
  let jwks: ReturnType<typeof client.getJwksCache>;

  /** Discovery, cached; a failure is not kept, so the next sign-in tries again. */
  function discover(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuerUrl, config.clientId, undefined, authentication, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: providerTimeoutSeconds,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  /**
   * A configuration on the portal's clock: expiry and issued-at checks follow the injected clock
   * (tests move it), and the keys fetched are kept for the next sign-in.
   */
  async function configuration(): Promise<client.Configuration> {
    const base = await discover();
    const skewSeconds = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const current = new client.Configuration(
      base.serverMetadata(),
      config.clientId,
      { [client.clockSkew]: skewSeconds },
      authentication,
    );
    if (insecure) client.allowInsecureRequests(current);
    // The ID token comes straight from the token endpoint, where openid-client would trust TLS
    // alone: verify its signature against the provider's keys as well.
    client.enableNonRepudiationChecks(current);
    current.timeout = providerTimeoutSeconds;
    if (jwks) client.setJwksCache(current, jwks);
    return current;
  }

  return {
    /** Where to send the browser: code flow with PKCE (S256), state and nonce. */
    async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }) {
      const current = await configuration();
      return client.buildAuthorizationUrl(current, {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * Exchanges the code of `callbackUrl` and returns the ID token's validated claims: issuer and
     * audience exactly, signature against the provider's keys, expiry, nonce, and the `iss`
     * response parameter when the provider sends it (RFC 9207, against mix-ups).
     */
    async exchange(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<Record<string, unknown>> {
      const current = await configuration();
      try {
        const tokens = await client.authorizationCodeGrant(current, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('ID token missing');
        return { ...claims };
      } finally {
        jwks = client.getJwksCache(current) ?? jwks;
      }
    },

    /** The provider's end-session address, back to the login page afterwards. */
    async endSessionUrl(): Promise<URL | undefined> {
      const current = await configuration();
      if (!current.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(current, {
        client_id: config.clientId,
        post_logout_redirect_uri: config.loginUrl,
      });
    },
  };
}

/** The claim an openid-client check failed on, when it says. */
function failedClaim(error: client.ClientError): unknown {
  const cause = error.cause as { cause?: { claim?: unknown } } | undefined;
  return cause?.cause?.claim;
}

/** Which failure the login page explains for an error of the exchange or discovery. */
export function failureOf(error: unknown): SsoFailureCode {
  if (error instanceof client.AuthorizationResponseError) return 'denied';
  if (error instanceof client.ResponseBodyError) {
    return error.error === 'invalid_grant' ? 'code' : 'unreachable';
  }
  if (error instanceof client.ClientError) {
    switch (error.code) {
      case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
        if (failedClaim(error) === 'nonce') return 'nonce';
        return failedClaim(error) === 'iss' ? 'issuer' : 'token';
      case 'OAUTH_INVALID_RESPONSE':
      case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED': {
        const reason = error.cause instanceof Error ? error.cause.message : '';
        return /"iss"|issuer/.test(reason) ? 'issuer' : 'token';
      }
      case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
        return 'token';
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
      case 'OAUTH_RESPONSE_IS_NOT_JSON':
        return 'unreachable';
      default:
        return 'token';
    }
  }
  // fetch's TypeError, a timeout's AbortError or DOMException: the provider did not answer.
  return 'unreachable';
}
