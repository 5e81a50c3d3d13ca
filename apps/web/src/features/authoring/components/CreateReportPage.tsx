import { Alert, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { syncAccountNow, type AuthoringEmbed } from '../../../lib/authoring.ts';
import { loadEmbedService, TokenType } from '../../../lib/embed-service.ts';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard.ts';
import { fetchCreateEmbed } from '../api/create-embed-api.ts';
import './authoring.css';

interface CreateTarget {
  accountId: number;
  workspaceId: string;
  datasetId: string;
}

/**
 * Nuevo informe (administrators only, issue 13): an empty report on the dataset, in edit mode.
 * After each save the account is synced, so the report is on the gateway at once; leaving with
 * unsaved changes asks first.
 */
export function CreateReportPage({ accountId, workspaceId, datasetId }: CreateTarget) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [embed, setEmbed] = useState<AuthoringEmbed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useUnsavedChangesGuard(embed, embed !== null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
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
          settings: { localeSettings: { language: 'es', formatLocale: 'es' } },
        }) as AuthoringEmbed;
        created.on('saved', () => {
          setSaved(true);
          void syncAccountNow(accountId).catch(() => undefined);
        });
        setEmbed(created);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => {
      cancelled = true;
      void sdk.then((service) => service.reset(container));
    };
  }, [accountId, workspaceId, datasetId]);

  return (
    <section className="vt-authoring" aria-label="Nuevo informe">
      <Typography.Title level={4} className="vt-authoring__title">
        Nuevo informe
      </Typography.Title>
      {saved && (
        <Alert type="success" showIcon title="Informe guardado; ya está en el portal." closable />
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
