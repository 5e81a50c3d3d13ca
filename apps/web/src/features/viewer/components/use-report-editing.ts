import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  bringSavedReportIn,
  fetchEditReport,
  type AuthoringEmbed,
  type SavedEventDetail,
} from '../../../lib/authoring.ts';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard.ts';
import type { TokenSource } from '../../../lib/token-renewal.ts';
import { useCurrentUser } from '../../../lib/use-current-user.ts';
import { viewerErrorText } from '../api/viewer-api.ts';

interface EditableReport extends AuthoringEmbed {
  switchMode(mode: string): Promise<void>;
}

/**
 * The administrator's Editar: an Edit token from the portal (minted only for role 0) replaces the
 * View token, renewals keep fetching Edit tokens, and the frame switches to edit mode. Each
 * `saved` brings the saved report in, so a report saved as a copy is on the gateway at once.
 */
export function useReportEditing(
  uid: string,
  embed: EmbedHandle | null,
  setTokenSource: (source: TokenSource) => void,
) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  const [editing, setEditing] = useState(false);
  /** Where a save lands: the edited report's account and workspace (a copy goes there too). */
  const [target, setTarget] = useState<{ accountId: number; workspaceId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = embed as EditableReport | null;
  useUnsavedChangesGuard(report, editing);

  useEffect(() => {
    if (!report || target === null) return;
    const bringIn = (event: { detail?: SavedEventDetail }) => {
      const reportId = event.detail?.reportObjectId;
      if (!reportId) return;
      void bringSavedReportIn(queryClient, { ...target, reportId }, userId).catch(() => undefined);
    };
    report.on<SavedEventDetail>('saved', bringIn);
    return () => report.off('saved', bringIn);
  }, [report, target, userId, queryClient]);

  // The frame's Vista de lectura (or any mode change) comes as `viewModeChanged` on the container:
  // powerbi-client 2.8 has no mode event to subscribe with `on` (decision 0237).
  useEffect(() => {
    const container = report?.element;
    if (!container) return;
    const follow = (event: Event) => {
      const mode = (event as CustomEvent<{ viewMode?: string } | null>).detail?.viewMode;
      if (mode === 'view' || mode === 'edit') setEditing(mode === 'edit');
    };
    container.addEventListener('viewModeChanged', follow);
    return () => container.removeEventListener('viewModeChanged', follow);
  }, [report]);

  const startEditing = useCallback(async () => {
    if (!report) return;
    setBusy(true);
    setError(null);
    try {
      const edit = await fetchEditReport(uid);
      setTokenSource(() => fetchEditReport(uid));
      await report.setAccessToken(edit.accessToken);
      await report.switchMode('edit');
      setTarget({ accountId: edit.accountId, workspaceId: edit.groupId });
      setEditing(true);
    } catch (failure) {
      setError(viewerErrorText(failure));
    } finally {
      setBusy(false);
    }
  }, [report, uid, setTokenSource]);

  return { editing, busy, error, startEditing };
}
