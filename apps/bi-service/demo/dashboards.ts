/** The demo dashboards: tiles pinned from report visuals. */
import type { DashboardItem } from '../src/modules/content/content.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import type { DemoReport } from './report-builder.ts';

/** Grid position: [row, col, rowSpan, colSpan] on a 4-column grid. */
type GridPosition = [number, number, number, number];

interface TileSpec {
  title: string;
  report: DemoReport;
  visualName: string;
  at: GridPosition;
}

/** A tile pinned from a visual of a report's first page. */
export const tile = (
  title: string,
  report: DemoReport,
  visualName: string,
  at: GridPosition,
): TileSpec => ({ title, report, visualName, at });

export function dashboard(displayName: string, tiles: TileSpec[]): DashboardItem {
  return {
    id: deterministicGuid('dashboard', displayName),
    displayName,
    isReadOnly: false,
    tiles: tiles.map(({ title, report, visualName, at: [row, col, rowSpan, colSpan] }) => ({
      id: deterministicGuid('tile', `${displayName}/${title}`),
      title,
      reportId: report.id,
      datasetId: report.datasetId,
      pageName: 'ReportSection1',
      visualName,
      row,
      col,
      rowSpan,
      colSpan,
    })),
  };
}
