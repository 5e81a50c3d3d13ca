import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser, SsoFailureCode } from '@vitrina/contracts';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config-oidc.ts';
import type { AppContext } from '../../context.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { providerSessionsRepository } from '../auth/provider-sessions.repository.ts';
import { createSessionIssuer } from '../auth/sessions.ts';
import { groupPermissionsRepository } from '../permissions/group-permissions.repository.ts';
import { readClaims } from './claims-policy.ts';
import { createTransactionSealer, type LoginTransaction } from './login-transaction.ts';
import { createProviderClient, failureOf } from './provider-client.ts';
import { providerUsersRepository } from './provider-users.repository.ts';

/** Where the callback sends the browser: the login page, to finish or to explain. */
export type CallbackOutcome =
  | { ok: true; refreshToken: string; returnUrl: string }
  | { ok: false; code: SsoFailureCode; returnUrl: string };

/** Only paths of this site are followed after sign-in (as the login page does). */
function safeReturnUrl(returnUrl: string | undefined): string {
  return returnUrl?.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/gateway';
}

/**
 * Sign-in through the company's provider. The callback ends in a portal session issued exactly
 * as a local login's (refresh-token family, access tokens), so the SPA, refresh and revocation do
 * not know the difference; only the session's start is recorded for OIDC_MAX_SESSION_HOURS.
 */
export function createOidcService(
  config: OidcConfig,
  context: AppContext,
  deps: { userChanged: (userId: number) => void },
) {
  const { db, clock, audit, sessions } = context;
  const provider = createProviderClient(config, clock);
  const sealer = createTransactionSealer(context.accountKey, () => clock.now());
  const issuer = createSessionIssuer(context);
  const auth = createAuthService(context, context.addressFailures);

  async function refuse(
    code: SsoFailureCode,
    returnUrl: string,
    ip: string,
    detail: Record<string, unknown> = {},
  ): Promise<CallbackOutcome> {
    await audit.record(
      db,
      { id: null, username: null, ip },
      { action: 'login.oidc_refused', targetType: 'user', detail: { code, ...detail } },
    );
    return { ok: false, code, returnUrl };
  }

  /** Creates or refreshes the user from the claims, records their groups, opens a session. */
  async function signIn(
    claims: Record<string, unknown>,
    transaction: LoginTransaction,
    ip: string,
  ): Promise<CallbackOutcome> {
    const { returnUrl } = transaction;
    const read = readClaims(claims, config);
    if (!read.ok) return refuse(read.code, returnUrl, ip, { sub: claims['sub'], ...read.detail });
    const { profile } = read;
    const now = clock.now().toISOString();
    const outcome = await db.transaction().execute(async (trx) => {
      const existing = await providerUsersRepository.getByIdentity(
        trx,
        config.issuer,
        profile.subject,
      );
      if (!existing && (await providerUsersRepository.usernameTaken(trx, profile.username))) {
        return undefined;
      }
      const user = existing
        ? await providerUsersRepository.update(trx, existing.id, profile, now)
        : await providerUsersRepository.create(trx, config.issuer, profile, now);
      await groupPermissionsRepository.setUserGroups(trx, user.id, profile.groups, now);
      const familyId = randomUUID();
      const pair = await issuer.issue(trx, user.id, familyId);
      await providerSessionsRepository.start(trx, { familyId, userId: user.id, startedAt: now });
      await audit.record(
        trx,
        { id: user.id, username: user.username, ip },
        {
          action: 'login.oidc',
          targetType: 'user',
          targetId: user.id,
          detail: {
            issuer: config.issuer,
            sub: profile.subject,
            created: !existing,
            rol: profile.rol,
            previousRol: existing?.rol ?? null,
            roleClaims: profile.roleClaims,
          },
        },
      );
      return {
        userId: user.id,
        refreshToken: pair.refreshToken,
        roleChanged: existing?.rol !== profile.rol,
      };
    });
    if (!outcome) return refuse('local_account', returnUrl, ip, { username: profile.username });
    // A changed role must reach the user's other sessions; groups and RLS identity their caches.
    if (outcome.roleChanged) sessions.invalidate({ kind: 'user', userId: outcome.userId });
    deps.userChanged(outcome.userId);
    return { ok: true, refreshToken: outcome.refreshToken, returnUrl };
  }

  return {
    /** Starts a sign-in: the provider's address and the sealed transaction for the cookie. */
    async begin(returnUrl: string | undefined): Promise<{ url: string; transaction: string }> {
      const transaction: LoginTransaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        issuer: config.issuer,
        returnUrl: safeReturnUrl(returnUrl),
      };
      const url = await provider.authorizationUrl(transaction);
      return { url: url.href, transaction: await sealer.seal(transaction) };
    },

    /**
     * Finishes a sign-in from the provider's redirect. `query` is the callback's query string;
     * the URL it is checked as is built from PORTAL_URL, never from the request's host.
     */
    async finish(query: string, sealed: string | undefined, ip: string): Promise<CallbackOutcome> {
      const transaction = await sealer.open(sealed);
      const callbackUrl = new URL(`${config.redirectUri}?${query}`);
      if (!transaction || callbackUrl.searchParams.get('state') !== transaction.state) {
        return refuse('state', safeReturnUrl(transaction?.returnUrl), ip);
      }
      if (transaction.issuer !== config.issuer) return refuse('issuer', transaction.returnUrl, ip);
      let claims: Record<string, unknown>;
      try {
        claims = await provider.exchange(callbackUrl, transaction);
      } catch (error) {
        const code = failureOf(error);
        const reason = error instanceof Error ? error.message : String(error);
        return refuse(code, transaction.returnUrl, ip, { reason });
      }
      return signIn(claims, transaction, ip);
    },

    /** The SPA's half of the hand-off: the callback's refresh token becomes a signed-in user. */
    handOff: (refreshToken: string, ip: string): Promise<AuthenticatedUser> =>
      auth.refresh(refreshToken, ip),

    /** The provider's end-session address (OIDC_END_SESSION), else the login page. */
    async signOutUrl(): Promise<string> {
      if (!config.endSession) return config.loginUrl;
      const url = await provider.endSessionUrl().catch(() => undefined);
      return url?.href ?? config.loginUrl;
    },
  };
}
