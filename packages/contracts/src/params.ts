import { z } from 'zod';
import { idParam, opaqueId } from './fields.ts';

/** Path parameters `{id}` of users and accounts (numeric portal ids). */
export const numericIdParamsSchema = z.object({ id: idParam });

/** Path parameter `{id}` holding a BI report id (`administration/report/{id}/users`). */
export const reportIdParamsSchema = z.object({ id: opaqueId });

/** Path parameter `{uid}` of `viewer/report/{uid}`. */
export const reportUidParamsSchema = z.object({ uid: opaqueId });

/** Path parameter `{reportId}` of `DELETE favorite/{reportId}`. */
export const favoriteParamsSchema = z.object({ reportId: opaqueId });
