import { blankIsUnset, commaList, envFlag } from '@vitrina/env';
import { z } from 'zod';

const optionalText = z.preprocess(blankIsUnset, z.string().optional());
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The provider's issuer: https, or http on this machine only (a provider for tests). */
const issuerField = z.preprocess(
  blankIsUnset,
  z
    .url({ message: 'debe ser la URL del emisor (issuer) del proveedor, con https://' })
    .refine(
      (text) => {
        const url = new URL(text);
        return url.protocol === 'https:' || loopbackHosts.has(url.hostname);
      },
      { message: 'debe usar https:// (http solo en localhost)' },
    )
    .optional(),
);

const domainPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** Sign-in through an OpenID provider: the variables and their Spanish validation messages. */
export const oidcEnvShape = {
  OIDC_ISSUER: issuerField,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_DISPLAY_NAME: z.preprocess(blankIsUnset, z.string().default('tu cuenta corporativa')),
  OIDC_SCOPES: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default('openid profile email')
      .refine((text) => text.split(/\s+/).includes('openid'), {
        message: 'debe incluir el alcance "openid"',
      }),
  ),
  OIDC_ROLE_CLAIM: z.preprocess(blankIsUnset, z.string().default('groups')),
  OIDC_ADMIN_VALUES: commaList,
  OIDC_ALLOWED_DOMAINS: commaList.pipe(
    z.array(
      z
        .string()
        .transform((domain) => domain.toLowerCase().replace(/^@/, ''))
        .refine((domain) => domainPattern.test(domain), {
          message: 'cada dominio debe ser como "empresa.com", separados por comas',
        }),
    ),
  ),
  OIDC_RLS_CLAIM: optionalText,
  OIDC_RLS_ROLES: commaList,
  OIDC_END_SESSION: envFlag(false),
  OIDC_MAX_SESSION_HOURS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ message: 'debe ser un número de horas' })
      .int({ message: 'debe ser un número entero de horas' })
      .positive({ message: 'debe ser mayor que cero' })
      .default(12),
  ),
  LOCAL_LOGIN: z.preprocess(
    (raw) => (typeof raw === 'string' ? blankIsUnset(raw.trim().toLowerCase()) : raw),
    z.enum(['all', 'admins'], { message: 'debe ser "all" o "admins"' }).default('all'),
  ),
};

type OidcEnv = z.output<ReturnType<typeof z.object<typeof oidcEnvShape>>>;

/** Cross-variable rules: a configured issuer needs its client id. */
export function checkOidcEnv(env: OidcEnv, context: z.RefinementCtx): void {
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    context.addIssue({
      code: 'custom',
      path: ['OIDC_CLIENT_ID'],
      message: 'es obligatorio cuando OIDC_ISSUER está definido',
    });
  }
}

/** The provider sign-in settings, or undefined when OIDC_ISSUER is unset (local login only). */
export function oidcConfigOf(env: OidcEnv, portalUrl: string) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) return undefined;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    displayName: env.OIDC_DISPLAY_NAME,
    scopes: env.OIDC_SCOPES,
    /** Built from PORTAL_URL only: never from a request's (proxy-forwarded) host. */
    redirectUri: `${portalUrl.replace(/\/+$/, '')}/api/auth/oidc/callback`,
    /** The login page (the SPA's root), where the callback and the provider's sign-out end. */
    loginUrl: `${portalUrl.replace(/\/+$/, '')}/`,
    roleClaim: env.OIDC_ROLE_CLAIM,
    adminValues: env.OIDC_ADMIN_VALUES,
    allowedDomains: env.OIDC_ALLOWED_DOMAINS,
    rlsClaim: env.OIDC_RLS_CLAIM,
    rlsRoles: env.OIDC_RLS_ROLES,
    endSession: env.OIDC_END_SESSION,
    maxSessionHours: env.OIDC_MAX_SESSION_HOURS,
  };
}
export type OidcConfig = NonNullable<ReturnType<typeof oidcConfigOf>>;
