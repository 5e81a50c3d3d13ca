import type { PublicConfig } from '@vitrina/contracts';

/** White-label settings served (flat, next to `embedOrigin`) by GET /api/public-config, so one build serves every provider. */
export type Branding = Omit<PublicConfig, 'embedOrigin' | 'sso'>;

/** GET /api/public-config as the web keeps it: the branding apart, a missing embed origin null. */
export interface PublicSettings {
  branding: Branding;
  /** Origin of the BI service's embed pages (used to preload the report frame). */
  embedOrigin: PublicConfig['embedOrigin'] | null;
  /** Sign-in with the company's provider, when the server has one configured. */
  sso: PublicConfig['sso'];
}

export const DEFAULT_BRANDING: Branding = {
  title: 'Vitrina',
  productName: 'Vitrina',
  providerName: 'Vitrina',
  providerSite: 'https://github.com/vitrina-bi/vitrina',
  logoUrl: '/logo.svg',
  primaryColor: '#0f766e',
};

function pickString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** Reads the server's answer defensively: any missing field falls back to Vitrina's default. */
export function toPublicConfig(raw: unknown): PublicSettings {
  const body = (raw ?? {}) as Record<string, unknown>;
  const branding = Object.fromEntries(
    Object.entries(DEFAULT_BRANDING).map(([key, fallback]) => [
      key,
      pickString(body[key], fallback),
    ]),
  ) as unknown as Branding;
  const embedOrigin =
    typeof body.embedOrigin === 'string' && body.embedOrigin ? body.embedOrigin : null;
  const sso = body.sso as Record<string, unknown> | null | undefined;
  return {
    branding,
    embedOrigin,
    sso:
      sso && typeof sso.displayName === 'string'
        ? { displayName: sso.displayName, endSession: sso.endSession === true }
        : null,
  };
}

async function fetchPublicConfig(): Promise<PublicSettings> {
  const response = await fetch('/api/public-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) return { branding: DEFAULT_BRANDING, embedOrigin: null, sso: null };
  return toPublicConfig(await response.json());
}

export const publicConfigQuery = {
  queryKey: ['public-config'],
  queryFn: fetchPublicConfig,
  staleTime: Infinity,
} as const;
