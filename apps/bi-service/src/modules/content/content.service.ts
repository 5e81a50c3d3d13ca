import { isPaginated, type AnyDefinition } from '@vitrina/bi-model';
import { SectionVisibility } from '@vitrina/embed-sdk/protocol';
import type { DatasetSource } from '../../engine/registry.ts';
import { entityNotFound, revisionConflict } from '../../http/powerbi-error.ts';
import type { ContentRepository, DashboardRow, ReportRow } from './content.repository.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import {
  assertAccessLevel,
  assertTokenCovers,
  accessOf,
  notGranted,
  tokenCovers,
  type EmbedTokenClaims,
} from '../identity/embed-token.ts';
import type { TileItem } from './content.ts';

interface Dependencies {
  content: ContentRepository;
  /** Who belongs to which workspace, with what role. */
  access: WorkspacesService;
  datasets: DatasetSource;
}

/** Loads an item and checks it lives in `workspaceId`; anything else is 404. */
function inWorkspace<T extends { workspaceId: string }>(
  item: T | undefined,
  workspaceId: string,
  what: string,
): T {
  if (!item || item.workspaceId !== workspaceId) throw entityNotFound(what);
  return item;
}

/**
 * Workspace content as a caller may see it: REST callers through their workspace membership,
 * the embed API through its token's grant. Every refusal is a Power BI error.
 */
export function createContentService({ content, access, datasets }: Dependencies) {
  /**
   * Whether the embed token reaches the report: it was generated for it, or this very token
   * made it by save as or create (its jti is recorded with the report). Who minted the token
   * does not matter: every portal viewer of an account shares one principal (decision 0224).
   */
  async function tokenReaches(claims: EmbedTokenClaims, report: ReportRow): Promise<boolean> {
    if (tokenCovers(claims, 'report', report.id)) return true;
    return (await content.creatorTokenOf(report.id)) === claims.jti;
  }

  const service = {
    // Membership and roles are the workspaces module's; content answers them as they are.
    ...access,

    /** Reports of the workspace, each with the workspace of its dataset. */
    async reports(workspaceId: string) {
      const reports = await content.listReports(workspaceId);
      return Promise.all(
        reports.map(async (report) => ({
          report,
          datasetWorkspaceId: (await content.getDataset(report.datasetId))?.workspaceId ?? '',
        })),
      );
    },
    async report(workspaceId: string, reportId: string) {
      const report = inWorkspace(await content.getReport(reportId), workspaceId, 'Report');
      const dataset = await content.getDataset(report.datasetId);
      return { report, datasetWorkspaceId: dataset?.workspaceId ?? '' };
    },
    /**
     * Power BI's Get Pages: the pages a viewer can go to, in order (hidden ones are left out, as
     * an export of every page leaves them out). A paginated report has none.
     */
    async reportPages(workspaceId: string, reportId: string) {
      const report = inWorkspace(await content.getReport(reportId), workspaceId, 'Report');
      const definition = (await content.getDefinition(report.id)) as AnyDefinition;
      if (isPaginated(definition)) return [];
      return definition.pages
        .filter((page) => page.visibility !== SectionVisibility.HiddenInViewMode)
        .map((page, order) => ({ name: page.name, displayName: page.displayName, order }));
    },
    dashboards: (workspaceId: string) => content.listDashboards(workspaceId),
    async dashboard(workspaceId: string, dashboardId: string): Promise<DashboardRow> {
      return inWorkspace(await content.getDashboard(dashboardId), workspaceId, 'Dashboard');
    },
    tiles: (dashboard: DashboardRow) => content.listTiles(dashboard.id),
    async tile(dashboard: DashboardRow, tileId: string): Promise<TileItem> {
      const tiles = await content.listTiles(dashboard.id);
      const tile = tiles.find((item) => item.id === tileId.toLowerCase());
      if (!tile) throw entityNotFound('Tile');
      return tile;
    },
    datasets: (workspaceId: string) => content.listDatasets(workspaceId),
    async dataset(workspaceId: string, datasetId: string) {
      return inWorkspace(await content.getDataset(datasetId), workspaceId, 'Dataset');
    },

    /**
     * A report the embed token was generated for, or one this token created by save as or
     * create (decision 0224); 404 unknown, 403 not granted. Every embed read and write of a
     * report goes through here.
     */
    async embeddedReport(claims: EmbedTokenClaims, reportId: string) {
      const report = await content.getReport(reportId);
      if (!report) throw entityNotFound(`Report ${reportId}`);
      if (!(await tokenReaches(claims, report))) throw notGranted('report');
      return report;
    },

    /** What the frame reads to show a report: the definition and its dataset's schema. */
    async reportForFrame(claims: EmbedTokenClaims, reportId: string) {
      const report = await service.embeddedReport(claims, reportId);
      const dataset = datasets.schema(report.datasetId);
      if (!dataset) throw entityNotFound(`Dataset ${report.datasetId}`);
      return {
        id: report.id,
        name: report.name,
        datasetId: report.datasetId,
        reportType: report.reportType,
        revision: report.revision,
        // Stored definitions were checked against the contract when saved (or seeded); the
        // response schema checks them again on the way out.
        definition: (await content.getDefinition(report.id)) as AnyDefinition,
        dataset,
        // The frame offers edit mode and save as only when the token grants them (issue 13).
        access: accessOf(claims),
      };
    },

    /**
     * Saves a new revision; the token must allow Edit. With `baseRevision`, a report saved by
     * someone else since then answers 409 and keeps both versions apart (decision 0165).
     */
    async saveRevision(
      claims: EmbedTokenClaims,
      reportId: string,
      save: { definition: unknown; baseRevision?: number | undefined },
    ) {
      const report = await service.embeddedReport(claims, reportId);
      assertAccessLevel(claims, 'Edit');
      const outcome = await content.addRevisionOnto(
        report.id,
        save.baseRevision,
        save.definition,
        claims.sub,
      );
      if ('current' in outcome) {
        throw revisionConflict(report.id, save.baseRevision ?? 0, outcome.current);
      }
      return { revision: outcome.saved };
    },

    /** A dashboard for the frame; a tile token sees only its tile. */
    async dashboardForFrame(claims: EmbedTokenClaims, dashboardId: string) {
      const dashboard = await content.getDashboard(dashboardId);
      if (!dashboard) throw entityNotFound(`Dashboard ${dashboardId}`);
      assertTokenCovers(claims, 'dashboard', dashboard.id);
      const tiles = (await content.listTiles(dashboard.id)).filter((tile) =>
        claims.tiles.includes(tile.id),
      );
      return { id: dashboard.id, displayName: dashboard.displayName, tiles };
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;
