import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** The browser's half of a sign-in under way: what the callback must find again. */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The provider the sign-in went to: a response from any other is a mix-up. */
  issuer: string;
  returnUrl: string;
}

/** The cookie that binds a sign-in to the browser that started it. */
export const transactionCookie = {
  name: 'vitrina_oidc',
  /** Only the callback reads it. */
  path: '/api/auth/oidc/callback',
  maxAgeSeconds: 10 * 60,
} as const;

/**
 * Seals and opens the transaction cookie: encrypted and authenticated (A256GCM) with a key
 * derived from the portal's own secret, so the browser can neither read the PKCE verifier nor
 * forge a state; it expires with the cookie.
 */
export function createTransactionSealer(secret: Buffer, now: () => Date) {
  const key = new Uint8Array(hkdfSync('sha256', secret, '', 'vitrina oidc login transaction', 32));
  return {
    async seal(transaction: LoginTransaction): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new EncryptJWT({ ...transaction })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + transactionCookie.maxAgeSeconds)
        .encrypt(key);
    },
    /** The transaction, or undefined when the cookie is missing, forged or expired. */
    async open(sealed: string | undefined): Promise<LoginTransaction | undefined> {
      if (!sealed) return undefined;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { currentDate: now() });
        const { state, nonce, codeVerifier, issuer, returnUrl } = payload;
        if ([state, nonce, codeVerifier, issuer, returnUrl].some((v) => typeof v !== 'string')) {
          return undefined;
        }
        return { state, nonce, codeVerifier, issuer, returnUrl } as LoginTransaction;
      } catch {
        return undefined;
      }
    },
  };
}
