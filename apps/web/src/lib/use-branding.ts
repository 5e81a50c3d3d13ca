import { useQuery } from '@tanstack/react-query';
import { DEFAULT_BRANDING, publicConfigQuery, type PublicSettings } from './branding.ts';

const FALLBACK: PublicSettings = { branding: DEFAULT_BRANDING, embedOrigin: null, sso: null };

/** The white-label configuration; Vitrina's defaults until (or unless) the server answers. */
export function usePublicConfig(): PublicSettings & { ready: boolean } {
  const { data, isFetched } = useQuery(publicConfigQuery);
  return { ...(data ?? FALLBACK), ready: isFetched };
}

export const useBranding = () => usePublicConfig().branding;
