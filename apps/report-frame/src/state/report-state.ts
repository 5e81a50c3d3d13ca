/** Everything a report view shows and every SDK call changes, in one immutable snapshot. */
import type { EmbedReport, ReportDefinition } from '../api/types.ts';
import type { FrameFilter, FilterTarget, Scalar } from '../query/filter-types.ts';
import type { SortState } from '@vitrina/bi-model/visual-queries';

export interface FrameSettings {
  filterPaneEnabled?: boolean;
  navContentPaneEnabled?: boolean;
  bookmarksPaneEnabled?: boolean;
  layoutType?: number;
  customLayout?: {
    pageSize?: { type: number; width?: number; height?: number };
    displayOption?: number;
    pagesLayout?: Record<
      string,
      {
        defaultLayout?: { displayState?: { mode: number } };
        visualsLayout: Record<
          string,
          Partial<{ x: number; y: number; z: number; width: number; height: number }> & {
            displayState?: { mode: number };
          }
        >;
      }
    >;
  };
  background?: number;
  visualSettings?: {
    visualHeaders?: { settings: { visible?: boolean }; selector?: VisualSelector }[];
  };
  hideErrors?: boolean;
  commands?: Record<string, { displayOption: number; selector?: VisualSelector } | undefined>[];
  extensions?: {
    command?: {
      name: string;
      title: string;
      icon?: string;
      selector?: VisualSelector;
      extend: { visualContextMenu?: { title?: string }; visualOptionsMenu?: { title?: string } };
    };
  }[];
}

export interface VisualSelector {
  $schema?: string;
  visualName?: string;
  visualType?: string;
}

export interface FrameTheme {
  dataColors: string[];
  background: string;
  foreground: string;
  tableAccent: string;
  fontFamily: string;
}

export interface Selection {
  pageName: string;
  visualName: string;
  points: { target: FilterTarget; value: Scalar }[];
}

export interface DrillState {
  depth: number;
  /** By level: the value drilled into at that level, or null after a whole-level drill. */
  path: (Scalar | null)[];
}

export interface ReportViewState {
  report: EmbedReport & { definition: ReportDefinition };
  activePage: string;
  reportFilters: FrameFilter[];
  pageFilters: Record<string, FrameFilter[]>;
  visualFilters: Record<string, FrameFilter[]>;
  slicerFilters: Record<string, FrameFilter[]>;
  sorts: Record<string, SortState>;
  drill: Record<string, DrillState>;
  selection: Selection | null;
  spotlight: string | null;
  settings: FrameSettings;
  theme: FrameTheme;
  presentation: { playing: boolean; index: number };
  /** Bumped by refresh() so cached query results are not reused. */
  dataVersion: number;
  /** Whether a render was asked for (phased load waits for /report/render). */
  renderRequested: boolean;
}

export const visualKey = (pageName: string, visualName: string) => `${pageName}/${visualName}`;

/** The filters a definition holds at its three levels, as the view state keeps them. */
export function definitionFilters(
  definition: ReportDefinition,
): Pick<ReportViewState, 'reportFilters' | 'pageFilters' | 'visualFilters'> {
  const { pages } = definition;
  return {
    reportFilters: definition.filters ?? [],
    pageFilters: Object.fromEntries(pages.map((p) => [p.name, p.filters ?? []])),
    visualFilters: Object.fromEntries(
      pages.flatMap((p) => p.visuals.map((v) => [visualKey(p.name, v.name), v.filters ?? []])),
    ),
  };
}

export const DEFAULT_COLORS = [
  '#118DFF',
  '#12239E',
  '#E66C37',
  '#6B007B',
  '#E044A7',
  '#744EC2',
  '#D9B300',
  '#D64550',
  '#197278',
  '#1AAB40',
];

export function baseTheme(report: EmbedReport & { definition: ReportDefinition }): FrameTheme {
  const theme = report.definition.theme;
  return {
    dataColors: theme?.dataColors?.length ? theme.dataColors : DEFAULT_COLORS,
    background: theme?.background ?? '#FFFFFF',
    foreground: theme?.foreground ?? '#252423',
    tableAccent: theme?.tableAccent ?? theme?.dataColors?.[0] ?? DEFAULT_COLORS[0]!,
    fontFamily: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
  };
}
