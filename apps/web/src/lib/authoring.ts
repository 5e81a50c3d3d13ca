import type { EmbedHandle } from './embed-service.ts';
import { api } from './api.ts';
import type { EditReport } from './models.ts';

/**
 * Shared by the viewer's edit mode and the create page (administrators only, issue 13): after a
 * save or save as, the account is synced at once so the gateway lists the report without waiting
 * for the periodic sync.
 */
export const syncAccountNow = (accountId: number) =>
  api.post<void>('authoring/sync', { accountId });

/** A report or create embed as authoring sees it: the SDK's `isSaved` (wire `hasUnsavedChanges`). */
export type AuthoringEmbed = EmbedHandle & { isSaved(): Promise<boolean> };

/** GET viewer/report/{uid}/edit (administrators only): the viewer's answer with an Edit token and the account. */
export const fetchEditReport = (uid: string) =>
  api.get<EditReport>(`viewer/report/${encodeURIComponent(uid)}/edit`);
