import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { fetchEditReport, syncAccountNow, type AuthoringEmbed } from '../../../lib/authoring.ts';
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
 * `saved` syncs the account, so a report saved as a copy is on the gateway at once.
 */
export function useReportEditing(
  uid: string,
  embed: EmbedHandle | null,
  setTokenSource: (source: TokenSource) => void,
) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  const [editing, setEditing] = useState(false);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = embed as EditableReport | null;
  useUnsavedChangesGuard(report, editing);

  useEffect(() => {
    if (!report || accountId === null) return;
    const sync = () => void syncAccountNow(queryClient, accountId, userId).catch(() => undefined);
    report.on('saved', sync);
    return () => report.off('saved', sync);
  }, [report, accountId, userId, queryClient]);

  const startEditing = useCallback(async () => {
    if (!report) return;
    setBusy(true);
    setError(null);
    try {
      const edit = await fetchEditReport(uid);
      setTokenSource(() => fetchEditReport(uid));
      await report.setAccessToken(edit.accessToken);
      await report.switchMode('edit');
      setAccountId(edit.accountId);
      setEditing(true);
    } catch (failure) {
      setError(viewerErrorText(failure));
    } finally {
      setBusy(false);
    }
  }, [report, uid, setTokenSource]);

  return { editing, busy, error, startEditing };
}
