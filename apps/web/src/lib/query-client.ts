import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
