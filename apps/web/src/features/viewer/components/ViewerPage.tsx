import { EditOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IconAction } from '../../../components/IconAction.tsx';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import type { ReportView, ViewerReport } from '../../../lib/models.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { useEmbeddedReport } from './use-embedded-report.ts';
import { useReportEditing } from './use-report-editing.ts';
import './viewer.css';

/**
 * The report viewer (spec §2): title, container, spinner, error area and the fullscreen icons.
 * Reports get Exportar (issue 27, beyond the spec); administrators also get Editar (issue 13).
 */
export function ViewerPage({
  uid,
  earlyReport,
  openedAt,
  view,
  isAdministrator = false,
  reportActions,
}: {
  uid: string;
  /** The route's `viewer/report/{uid}` call, started with the navigation. */
  earlyReport?: Promise<ViewerReport | undefined>;
  /** When that call started (`performance.now()`). */
  openedAt?: number | undefined;
  /** The view to open the report with (a subscription mail's link). */
  view?: Promise<ReportView | undefined>;
  isAdministrator?: boolean;
  /** More buttons for a report (the route composes them), given the embedded report. */
  reportActions?: (report: { embed: EmbedHandle | null; disabled: boolean }) => ReactNode;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const config = usePublicConfig();
  const { name, loading, rendered, error, embed, kind, setTokenSource } = useEmbeddedReport(
    uid,
    containerRef,
    { ...config, earlyReport, openedAt, view },
  );
  const editing = useReportEditing(uid, embed, setTokenSource);
  const canEdit = isAdministrator && kind === 'report';
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (!fullscreen) return;
    const leaveOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setFullscreen(false);
    window.addEventListener('keydown', leaveOnEscape);
    return () => window.removeEventListener('keydown', leaveOnEscape);
  }, [fullscreen]);

  return (
    <section
      className={`vt-viewer${fullscreen ? ' vt-viewer--fullscreen' : ''}`}
      aria-label="Visor de reportes"
    >
      <div className="vt-viewer__bar">
        <Typography.Title level={4} className="vt-viewer__title">
          {name ?? ' '}
        </Typography.Title>
        {kind === 'report' && (
          <ExportMenu uid={uid} embed={embed} disabled={!rendered || editing.editing} />
        )}
        {kind === 'report' && reportActions?.({ embed, disabled: !rendered || editing.editing })}
        {canEdit && (
          <Button
            icon={<EditOutlined />}
            disabled={!rendered || editing.editing}
            loading={editing.busy}
            onClick={() => void editing.startEditing()}
          >
            {editing.editing ? 'Editando' : 'Editar'}
          </Button>
        )}
        {fullscreen ? (
          <IconAction
            label="Salir de pantalla completa"
            icon={<FullscreenExitOutlined />}
            onClick={() => setFullscreen(false)}
          />
        ) : (
          <IconAction
            label="Pantalla completa"
            icon={<FullscreenOutlined />}
            onClick={() => setFullscreen(true)}
          />
        )}
      </div>
      <div className="vt-viewer__stage">
        <div
          ref={containerRef}
          className="vt-viewer__container"
          data-testid="report-container"
          data-rendered={rendered ? 'true' : 'false'}
          style={{ visibility: error ? 'hidden' : 'visible' }}
        />
        {loading && !error && (
          <div className="vt-viewer__overlay">
            <Spin size="large" description="Cargando..." />
          </div>
        )}
        {editing.error && !error && (
          <Alert type="error" showIcon title={editing.error} closable role="alert" />
        )}
        {error && (
          <div className="vt-viewer__overlay">
            <Alert type="error" showIcon title={error} role="alert" style={{ maxWidth: 520 }} />
          </div>
        )}
      </div>
    </section>
  );
}
