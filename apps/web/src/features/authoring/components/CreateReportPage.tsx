import { useQueryClient } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  bringSavedReportIn,
  fetchEditReport,
  type AuthoringEmbed,
  type SavedEventDetail,
} from '../../../lib/authoring.ts';
import { loadEmbedService, TokenType } from '../../../lib/embed-service.ts';
import { keepTokenFresh, type TokenSource } from '../../../lib/token-renewal.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';
import { useCurrentUser } from '../../../lib/use-current-user.ts';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard.ts';
import { fetchCreateEmbed } from '../api/create-embed-api.ts';
import { newReportTheme } from './new-report-theme.ts';
import './authoring.css';

interface CreateTarget {
  accountId: number;
  workspaceId: string;
  datasetId: string;
}

/** After a save: brought in, so the report is on the gateway; or not (the periodic sync will). */
type SaveNotice = 'synced' | 'syncFailed';

/**
 * Nuevo informe (administrators only, issue 13): an empty report on the dataset, in edit mode,
 * in the portal's colours. After each save the portal brings the saved report in, and only then
 * does the page say the report is on the portal. The token is renewed before it expires, as in the viewer:
 * a Create token until the first save, then an Edit token of the report just made (a Create
 * token issued after the report was made does not cover it).
 */
export function CreateReportPage({ accountId, workspaceId, datasetId }: CreateTarget) {
  const containerRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const userId = user?.id;
  const { branding, ready } = usePublicConfig();
  const { productName, primaryColor } = branding;
  const [embed, setEmbed] = useState<AuthoringEmbed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  useUnsavedChangesGuard(embed, embed !== null);

  useEffect(() => {
    const container = containerRef.current;
    // Wait for the public config: the new report takes the portal's colours.
    if (!container || !ready) return;
    let cancelled = false;
    let stopRenewal: (() => void) | undefined;
    let tokenSource: TokenSource = () => fetchCreateEmbed(accountId, workspaceId, datasetId);

    /** Brings the saved report in (which refreshes the gateway's list) and finds its uid. */
    const afterSave = async (reportId: string) => {
      setNotice(null);
      try {
        const target = { accountId, workspaceId, reportId };
        const accounts = await bringSavedReportIn(queryClient, target, userId);
        const saved = accounts
          .flatMap((a) => a.workspaces.flatMap((w) => w.reports))
          .find((r) => r.id === reportId);
        if (saved) tokenSource = () => fetchEditReport(saved.uId);
        if (!cancelled) setNotice('synced');
      } catch {
        if (!cancelled) setNotice('syncFailed');
      }
    };

    const sdk = loadEmbedService();
    Promise.all([sdk, fetchCreateEmbed(accountId, workspaceId, datasetId)])
      .then(([service, target]) => {
        if (cancelled) return;
        const created = service.createReport(container, {
          type: 'create',
          datasetId: target.datasetId,
          groupId: target.groupId,
          embedUrl: target.embedUrl,
          accessToken: target.accessToken,
          tokenType: TokenType.Embed,
          theme: newReportTheme({ productName, primaryColor }),
          settings: { localeSettings: { language: 'es', formatLocale: 'es' } },
        }) as AuthoringEmbed;
        created.on<SavedEventDetail>('saved', (event) => {
          void afterSave(event.detail?.reportObjectId ?? '');
        });
        stopRenewal = keepTokenFresh(created, target.expiration, {
          source: () => tokenSource(),
          onRevoked: () => !cancelled && setError('Acceso denegado al informe.'),
        });
        setEmbed(created);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => {
      cancelled = true;
      stopRenewal?.();
      void sdk.then((service) => service.reset(container));
    };
  }, [accountId, workspaceId, datasetId, ready, productName, primaryColor, userId, queryClient]);

  return (
    <section className="vt-authoring" aria-label="Nuevo informe">
      <Typography.Title level={4} className="vt-authoring__title">
        Nuevo informe
      </Typography.Title>
      {notice === 'synced' && (
        <Alert type="success" showIcon title="Informe guardado; ya está en el portal." closable />
      )}
      {notice === 'syncFailed' && (
        <Alert
          type="warning"
          showIcon
          title="Informe guardado; aparecerá en el portal con la próxima sincronización."
          closable
        />
      )}
      <div className="vt-authoring__stage">
        <div ref={containerRef} data-testid="create-container" />
        {!embed && !error && (
          <div className="vt-authoring__overlay">
            <Spin size="large" description="Cargando..." />
          </div>
        )}
        {error && (
          <div className="vt-authoring__overlay">
            <Alert type="error" showIcon title={`Error: ${error}`} role="alert" />
          </div>
        )}
      </div>
    </section>
  );
}
