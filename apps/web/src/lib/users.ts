import { api } from './api.ts';
import type { User } from './models.ts';

/** GET user: every portal user (administrators only). */
export const usersQuery = {
  queryKey: ['admin', 'users'],
  queryFn: () => api.get<User[]>('user'),
} as const;
