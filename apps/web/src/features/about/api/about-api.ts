import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface AboutInfo {
  instance: string;
  site: string;
}

/** The version is held on the client (spec §3). */
export { productVersion as PRODUCT_VERSION } from '@vitrina/contracts';

export const useAboutInfo = (enabled: boolean) =>
  useQuery({
    queryKey: ['about'],
    queryFn: () => api.get<AboutInfo>('infraestructure/about'),
    enabled,
    staleTime: Infinity,
  });
