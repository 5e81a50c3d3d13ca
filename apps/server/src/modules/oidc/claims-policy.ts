import { roles, type Role, type SsoFailureCode } from '@vitrina/contracts';
import type { OidcConfig } from '../../config-oidc.ts';

/** The claim values that set a user's role at a sign-in, kept for the administration pages. */
export interface RoleClaims {
  claim: string;
  values: string[];
  /** The values among OIDC_ADMIN_VALUES: any makes an administrator. */
  adminMatches: string[];
}

/** Who signed in, as the portal keeps them. */
export interface ProviderProfile {
  subject: string;
  username: string;
  firstname: string;
  lastname: string;
  mail: string;
  rol: Role;
  /** The role claim's values: the provider groups the user belongs to. */
  groups: string[];
  rlsUsername: string | undefined;
  roleClaims: RoleClaims;
}

export type ClaimsOutcome =
  | { ok: true; profile: ProviderProfile }
  | { ok: false; code: SsoFailureCode; detail: Record<string, unknown> };

type Claims = Record<string, unknown>;

/** A claim by path: `groups`, or `realm_access.roles` for Keycloak's nested roles. */
function claimAt(claims: Claims, path: string): unknown {
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Claims)[key];
  }
  return value;
}

/** A claim's values: one string, or a list of strings (anything else is no value). */
function valuesOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A single-tenant Entra ID issuer names its tenant: `…/{tenant id}/v2.0`. */
const entraTenantPattern = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/**
 * Reads validated ID-token claims (issuer, audience, signature, expiry and nonce already checked)
 * against the portal's rules: Entra's tenant and group overage, the allowed e-mail domains, and
 * the role claim. A missing role claim is refused (never a silent default role); values that
 * match no rule make a viewer, who sees only what was granted.
 */
export function readClaims(claims: Claims, config: OidcConfig): ClaimsOutcome {
  const tenant = entraTenantPattern.exec(`${config.issuer}/`)?.[1];
  if (
    tenant &&
    claims['tid'] !== undefined &&
    text(claims['tid']).toLowerCase() !== tenant.toLowerCase()
  ) {
    return { ok: false, code: 'tenant', detail: { tid: claims['tid'] } };
  }

  const overage = claimAt(claims, '_claim_names');
  if (overage && typeof overage === 'object' && config.roleClaim in overage) {
    return { ok: false, code: 'overage', detail: { claim: config.roleClaim } };
  }

  const mail = text(claims['email']);
  if (config.allowedDomains.length > 0) {
    const domain = mail.split('@')[1]?.toLowerCase() ?? '';
    const verified = claims['email_verified'] !== false;
    if (!verified || !config.allowedDomains.includes(domain)) {
      return { ok: false, code: 'domain', detail: { domain, verified } };
    }
  }

  const values = valuesOf(claimAt(claims, config.roleClaim));
  if (!values) return { ok: false, code: 'no_role', detail: { claim: config.roleClaim } };
  const adminMatches = values.filter((value) => config.adminValues.includes(value));

  const subject = text(claims['sub']);
  const name = text(claims['name']);
  const [first = '', ...rest] = name.split(/\s+/);
  const rls = config.rlsClaim ? valuesOf(claimAt(claims, config.rlsClaim))?.[0] : undefined;
  return {
    ok: true,
    profile: {
      subject,
      username: text(claims['preferred_username']) || mail || subject,
      firstname: text(claims['given_name']) || first || subject,
      lastname: text(claims['family_name']) || rest.join(' '),
      mail,
      rol: adminMatches.length > 0 ? roles.administrator : roles.viewer,
      groups: [...new Set(values)],
      rlsUsername: rls?.trim() || undefined,
      roleClaims: { claim: config.roleClaim, values, adminMatches },
    },
  };
}
