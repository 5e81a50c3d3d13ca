import { z } from 'zod';
import { entityId, opaqueId } from './fields.ts';

/** `POST favorite`: only for yourself, only reports you can see. */
export const favoriteRequestSchema = z.object({ reportId: opaqueId, userId: entityId });
export type FavoriteRequest = z.input<typeof favoriteRequestSchema>;

export const favoriteResponseSchema = z.object({ reportId: z.string() });
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;
