import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { usePublicConfig } from '../../../lib/use-branding.ts';
import { useEmbeddedReport } from './use-embedded-report.ts';
import './viewer.css';

/** The report viewer (spec §2): title, container, spinner, error area and the fullscreen icons. */
export function ViewerPage({ uid }: { uid: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const config = usePublicConfig();
  const { name, loading, rendered, error } = useEmbeddedReport(uid, containerRef, config);
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
        {fullscreen ? (
          <Tooltip title="Salir de pantalla completa">
            <Button
              type="text"
              icon={<FullscreenExitOutlined />}
              aria-label="Salir de pantalla completa"
              onClick={() => setFullscreen(false)}
            />
          </Tooltip>
        ) : (
          <Tooltip title="Pantalla completa">
            <Button
              type="text"
              icon={<FullscreenOutlined />}
              aria-label="Pantalla completa"
              onClick={() => setFullscreen(true)}
            />
          </Tooltip>
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
        {error && (
          <div className="vt-viewer__overlay">
            <Alert type="error" showIcon title={error} role="alert" style={{ maxWidth: 520 }} />
          </div>
        )}
      </div>
    </section>
  );
}
