import { useQuery } from '@tanstack/react-query';
import type { About } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

/** The version is held on the client (spec §3). */
export { productVersion as PRODUCT_VERSION } from '@vitrina/contracts';

export const useAboutInfo = (enabled: boolean) =>
  useQuery({
    queryKey: ['about'],
    queryFn: () => api.get<About>('infraestructure/about'),
    enabled,
    staleTime: Infinity,
  });
