import { StarFilled } from '@ant-design/icons';
import { Alert, Card, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../components/use-notify.ts';
import type { Report } from '../../../lib/models.ts';
import { useGatewayAccounts, useToggleFavorite } from '../api/gateway-api.ts';
import { usePreloadEmbed } from '../api/use-preload-embed.ts';
import { GatewayFiltersBar } from './GatewayFiltersBar.tsx';
import { NewReportButton } from './NewReportButton.tsx';
import { ReportAdminMenu } from './ReportAdminMenu.tsx';
import { ReportCard } from './ReportCard.tsx';
import {
  ALL_WORKSPACES,
  Content,
  collectFavorites,
  filterWorkspaces,
  type GatewayFilters,
} from './gateway-filters.ts';
import './gateway.css';

/**
 * The report browser (spec §2, "Report browser"), plus search and a Favoritos section.
 * Administrators also get Nuevo informe per workspace (issue 13); viewers see nothing new.
 */
export function GatewayPage({
  userId,
  isAdministrator = false,
}: {
  userId: number;
  isAdministrator?: boolean;
}) {
  const { data: accounts = [], isFetching, error } = useGatewayAccounts(userId);
  const toggle = useToggleFavorite(userId);
  const notify = useNotify();
  usePreloadEmbed();
  const [filters, setFilters] = useState<GatewayFilters>({
    accountId: null,
    workspaceId: ALL_WORKSPACES,
    content: Content.All,
    search: '',
  });
  const accountId = filters.accountId ?? accounts[0]?.id ?? null;
  const effective = { ...filters, accountId };
  const workspaces = filterWorkspaces(
    accounts.find((a) => a.id === accountId),
    effective,
  ).filter((w) => w.show);
  const favorites = collectFavorites(accounts, filters.content, filters.search);

  const onToggleFavorite = (report: Report) =>
    toggle.mutate(
      { reportId: report.id, favorite: !report.favorite },
      { onError: (e) => notify.error(e) },
    );
  const busyId = toggle.isPending ? toggle.variables?.reportId : undefined;
  // Dashboards are only listed: the BI service renames and deletes reports.
  const adminMenuOf = (report: Report) =>
    isAdministrator && report.kind === 'report' ? (
      <ReportAdminMenu report={report} userId={userId} />
    ) : undefined;

  return (
    <div className="vt-gateway">
      <GatewayFiltersBar accounts={accounts} filters={effective} onChange={setFilters} />
      {error && (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar los reportes."
          style={{ marginBottom: 16 }}
        />
      )}
      {favorites.length > 0 && (
        <Card
          size="small"
          title={
            <span>
              <StarFilled style={{ color: '#d48806', marginRight: 8 }} aria-hidden />
              Favoritos
            </span>
          }
          style={{ marginBottom: 16 }}
        >
          <div className="vt-report-grid">
            {favorites.map(({ report, workspaceName, accountDescription }) => (
              <ReportCard
                key={`fav-${report.id}`}
                report={report}
                caption={`${accountDescription} · ${workspaceName}`}
                onToggleFavorite={onToggleFavorite}
                busy={busyId === report.id}
                adminMenu={adminMenuOf(report)}
              />
            ))}
          </div>
        </Card>
      )}
      {workspaces.map((workspace) => (
        <Card
          key={workspace.id}
          size="small"
          title={workspace.name}
          extra={
            isAdministrator &&
            accountId !== null && <NewReportButton accountId={accountId} workspace={workspace} />
          }
          style={{ marginBottom: 16 }}
        >
          {workspace.reports.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin reportes" />
          ) : (
            <div className="vt-report-grid">
              {workspace.reports.map((report) => (
                <ReportCard
                  key={report.id}
                  report={report}
                  onToggleFavorite={onToggleFavorite}
                  busy={busyId === report.id}
                  adminMenu={adminMenuOf(report)}
                />
              ))}
            </div>
          )}
        </Card>
      ))}
      {workspaces.length === 0 &&
        (isFetching ? (
          <Spin style={{ display: 'block', margin: 48 }} />
        ) : (
          <Empty description={<Typography.Text>No hay reportes para mostrar.</Typography.Text>} />
        ))}
    </div>
  );
}
