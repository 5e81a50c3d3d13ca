import { BarChartOutlined, ExportOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Report } from '../../../lib/models.ts';
import './gateway.css';

interface ReportCardProps {
  report: Report;
  caption?: string;
  onToggleFavorite(report: Report): void;
  busy: boolean;
  /** Administrators' actions on the report (Cambiar nombre, Eliminar). */
  adminMenu?: ReactNode;
}

const viewerPath = (report: Report) => `/viewer/${encodeURIComponent(report.uId)}`;

/** A report card (spec §2): bar-chart icon, name linking in the same tab, pop-out, favorite star. */
export function ReportCard({
  report,
  caption,
  onToggleFavorite,
  busy,
  adminMenu,
}: ReportCardProps) {
  const favoriteLabel = report.favorite ? 'Quitar de favoritos' : 'Agregar a favoritos';
  return (
    <div className="vt-report-card" data-testid="report-card">
      <BarChartOutlined className="vt-report-card__icon" aria-hidden />
      <div className="vt-report-card__text">
        <Link to={viewerPath(report)} className="vt-report-card__name">
          {report.name}
        </Link>
        {caption && (
          <Typography.Text type="secondary" className="vt-report-card__caption">
            {caption}
          </Typography.Text>
        )}
      </div>
      {/* A native title: an Ant Design tooltip would stay open while the button re-renders. */}
      <Button
        type="text"
        title={favoriteLabel}
        size="small"
        aria-label={`${favoriteLabel}: ${report.name}`}
        aria-pressed={Boolean(report.favorite)}
        loading={busy}
        icon={report.favorite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
        onClick={() => onToggleFavorite(report)}
      />
      <Tooltip title="Ver reporte en otra ventana">
        <Button
          type="text"
          size="small"
          aria-label={`Ver reporte en otra ventana: ${report.name}`}
          icon={<ExportOutlined />}
          onClick={() => window.open(viewerPath(report), '_blank', 'noopener')}
        />
      </Tooltip>
      {adminMenu}
    </div>
  );
}
