import type { QueryClient } from '@tanstack/react-query';
import type { SavedReportRequest } from '@vitrina/contracts';
import { accountsQuery, fetchAccountsForUser } from './accounts.ts';
import type { EmbedHandle } from './embed-service.ts';
import { api } from './api.ts';
import type { Account, EditReport } from './models.ts';

/**
 * Shared by the viewer's edit mode and the create page (administrators only, issue 13): after a
 * save or save as, the portal brings that one report in (the `saved` event's `reportObjectId`,
 * in the workspace it was saved into), then the user's accounts are reloaded into the gateway's
 * cache, so the gateway lists the report without waiting for the periodic sync. Resolves with the
 * reloaded accounts; rejects when the portal could not bring the report in.
 */
export async function bringSavedReportIn(
  queryClient: QueryClient,
  saved: SavedReportRequest,
  userId: number | undefined,
): Promise<Account[]> {
  await api.post<void>('authoring/saved-report', saved);
  if (userId === undefined) return [];
  // Fetched here rather than with fetchQuery, which would hand back a gateway refetch already in
  // flight: one that started before the save and so may not list the saved report.
  const accounts = await fetchAccountsForUser(userId);
  queryClient.setQueryData(accountsQuery(userId).queryKey, accounts);
  return accounts;
}

/** What the frame's `saved` event says (Power BI's shape): the report the save made or kept. */
export interface SavedEventDetail {
  reportObjectId?: string;
}

/** A report or create embed as authoring sees it: the SDK's `isSaved` (wire `hasUnsavedChanges`). */
export type AuthoringEmbed = EmbedHandle & { isSaved(): Promise<boolean> };

/** GET viewer/report/{uid}/edit (administrators only): the viewer's answer with an Edit token and the account. */
export const fetchEditReport = (uid: string) =>
  api.get<EditReport>(`viewer/report/${encodeURIComponent(uid)}/edit`);
