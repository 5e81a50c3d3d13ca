/** The demo dashboards: tiles pinned from report visuals. */
import type { DashboardItem } from '../src/modules/content/content.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import type { DemoReport } from './report-builder.ts';

interface TileSpec {
  title: string;
  report: DemoReport;
  pageName?: string;
  visualName: string;
  /** Grid position: [row, col, rowSpan, colSpan] on a 4-column grid. */
  at: [number, number, number, number];
}

export function dashboard(displayName: string, tiles: TileSpec[]): DashboardItem {
  return {
    id: deterministicGuid('dashboard', displayName),
    displayName,
    isReadOnly: false,
    tiles: tiles.map(
      ({ title, report, pageName, visualName, at: [row, col, rowSpan, colSpan] }) => ({
        id: deterministicGuid('tile', `${displayName}/${title}`),
        title,
        reportId: report.id,
        datasetId: report.datasetId,
        pageName: pageName ?? 'ReportSection1',
        visualName,
        row,
        col,
        rowSpan,
        colSpan,
      }),
    ),
  };
}
