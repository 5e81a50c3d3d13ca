import { createHash, X509Certificate } from 'node:crypto';
import {
  AuthError,
  ConfidentialClientApplication,
  PublicClientApplication,
  ServerError,
} from '@azure/msal-node';
import type { INetworkModule, NodeAuthOptions } from '@azure/msal-node';
import type { FastifyBaseLogger } from 'fastify';
import { aadFailure } from './aad-errors.ts';
import { BiFailure, BiServiceError } from './bi-errors.ts';
import { createSignInHolds, watchedNetwork } from './sign-in-throttling.ts';

/** The Power BI resource: the bundled BI service accepts the same scope. */
const powerBiScope = 'https://analysis.windows.net/powerbi/api/.default';

/**
 * What MSAL needs to sign an integration account in: username + password (ROPC, master user), or
 * for a service principal the tenant and a client secret (`password`) or a PEM `certificate`.
 */
export interface BiCredentials {
  accountId: number;
  username: string;
  password: string;
  clientId: string;
  /** Absent means `MasterUser`. */
  authType?: 'MasterUser' | 'ServicePrincipal';
  tenantId?: string;
  certificate?: string;
}

export interface BiAccessToken {
  accessToken: string;
  expiresOn: Date;
}

export interface BiTokenProviderOptions {
  /** e.g. https://login.microsoftonline.com/<tenant> or https://localhost:8444/vitrina */
  authorityUrl: string;
  networkClient: INetworkModule;
  /** Where a throttled sign-in is logged. */
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Renew this long before expiry so a token never expires mid-request. */
  renewBeforeMs?: number;
  now?: () => number;
}

export interface BiTokenProvider {
  getToken(credentials: BiCredentials): Promise<BiAccessToken>;
  /**
   * Forgets an account's token (its credentials changed or it was deleted, or a test of the
   * connection signs in afresh), and any hold a throttled sign-in put on it.
   */
  forget(accountId: number): void;
}

const microsoftHosts = [
  'login.microsoftonline.com',
  'login.microsoftonline.us',
  'login.chinacloudapi.cn',
];

/** Whether `authorityUrl` is Microsoft's sign-in, i.e. the portal's BI service is Power BI. */
export const isMicrosoftAuthority = (authorityUrl: string) =>
  microsoftHosts.includes(new URL(authorityUrl).host);

/**
 * Per-account access-token cache in front of MSAL; concurrent misses for one account share a call.
 * Each sign-in uses MSAL applications of its own, so nothing MSAL remembers (its token cache, its
 * throttling state) passes from one account to another; a throttled account is held apart.
 */
export function createBiTokenProvider(options: BiTokenProviderOptions): BiTokenProvider {
  const renewBeforeMs = options.renewBeforeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<number, { credentialsKey: string; token: BiAccessToken }>();
  const pending = new Map<number, Promise<BiAccessToken>>();
  const holds = createSignInHolds(now, options.log);
  const authorityHost = new URL(options.authorityUrl).host;

  const authorityOrigin = new URL(options.authorityUrl).origin;
  const trustedHost = isMicrosoftAuthority(options.authorityUrl)
    ? {}
    : // A non-Microsoft authority (the bundled BI service) is trusted explicitly, which also
      // skips instance discovery against login.microsoftonline.com.
      { knownAuthorities: [authorityHost] };

  /** A confidential client (client credentials): its secret or key lives only as long as the call. */
  function confidentialFor(
    credentials: BiCredentials,
    networkClient: INetworkModule,
  ): ConfidentialClientApplication {
    const auth: NodeAuthOptions = {
      clientId: credentials.clientId,
      // Service principals sign in to their own tenant, on the configured authority's host.
      authority: `${authorityOrigin}/${encodeURIComponent(credentials.tenantId ?? 'organizations')}`,
      ...trustedHost,
      ...(credentials.certificate
        ? { clientCertificate: certificateOf(credentials.certificate) }
        : { clientSecret: credentials.password }),
    };
    return new ConfidentialClientApplication({ auth, system: { networkClient } });
  }

  async function signIn(credentials: BiCredentials, networkClient: INetworkModule) {
    if (credentials.authType === 'ServicePrincipal') {
      return confidentialFor(credentials, networkClient).acquireTokenByClientCredential({
        scopes: [powerBiScope],
        skipCache: true,
      });
    }
    const application = new PublicClientApplication({
      auth: { clientId: credentials.clientId, authority: options.authorityUrl, ...trustedHost },
      system: { networkClient },
    });
    return application.acquireTokenByUsernamePassword({
      scopes: [powerBiScope],
      username: credentials.username,
      password: credentials.password,
    });
  }

  async function acquire(
    credentials: BiCredentials,
    credentialsKey: string,
  ): Promise<BiAccessToken> {
    holds.check(credentials.accountId);
    const network = watchedNetwork(options.networkClient);
    try {
      const result = await signIn(credentials, network.client);
      if (!result?.accessToken || !result.expiresOn) {
        throw new BiServiceError(BiFailure.unexpected, 'token response without access token');
      }
      const token = { accessToken: result.accessToken, expiresOn: result.expiresOn };
      cache.set(credentials.accountId, { credentialsKey, token });
      return token;
    } catch (error) {
      const throttled = network.throttled();
      if (throttled) throw holds.throttled(credentials.accountId, throttled.retryAfter);
      throw toBiError(error);
    }
  }

  return {
    async getToken(credentials) {
      // A digest, so the long-lived cache never holds the plaintext password.
      const credentialsKey = createHash('sha256')
        .update(
          [
            credentials.authType,
            credentials.tenantId,
            credentials.clientId,
            credentials.username,
            credentials.password,
            credentials.certificate,
          ].join('\n'),
        )
        .digest('base64');
      const cached = cache.get(credentials.accountId);
      if (
        cached?.credentialsKey === credentialsKey &&
        cached.token.expiresOn.getTime() - renewBeforeMs > now()
      ) {
        return cached.token;
      }
      const inFlight = pending.get(credentials.accountId);
      if (inFlight) return inFlight;
      const call = acquire(credentials, credentialsKey).finally(() =>
        pending.delete(credentials.accountId),
      );
      pending.set(credentials.accountId, call);
      return call;
    },
    forget(accountId) {
      cache.delete(accountId);
      holds.release(accountId);
    },
  };
}

/** Maps MSAL's error codes to our failure kinds (AADSTS codes as Azure AD returns them). */
function toBiError(error: unknown): BiServiceError {
  if (error instanceof BiServiceError) return error;
  if (error instanceof ServerError) {
    const detail = `${error.errorCode}: ${error.errorMessage}`;
    const known = aadFailure(detail);
    if (known) return new BiServiceError(known.failure, detail, known.message);
    if (error.errorCode === 'invalid_grant')
      return new BiServiceError(BiFailure.credentials, detail);
    if (['invalid_client', 'unauthorized_client', 'invalid_request'].includes(error.errorCode)) {
      return new BiServiceError(BiFailure.application, detail);
    }
    return new BiServiceError(BiFailure.unexpected, detail);
  }
  if (error instanceof AuthError) {
    // Discovery and transport failures surface as client errors before any token request.
    return new BiServiceError(BiFailure.unreachable, `${error.errorCode}: ${error.errorMessage}`);
  }
  return new BiServiceError(
    BiFailure.unreachable,
    error instanceof Error ? error.message : String(error),
  );
}

/** MSAL's certificate credential from one PEM holding the private key and the certificate. */
function certificateOf(pem: string): NonNullable<NodeAuthOptions['clientCertificate']> {
  const certificate = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem);
  const privateKey =
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/.exec(pem);
  if (!certificate || !privateKey) {
    throw new BiServiceError(BiFailure.certificate, 'PEM without certificate or private key');
  }
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certificate[0]);
  } catch (error) {
    throw new BiServiceError(BiFailure.certificate, String(error));
  }
  return {
    thumbprintSha256: x509.fingerprint256.replaceAll(':', ''),
    privateKey: privateKey[0],
    x5c: certificate[0],
  };
}
