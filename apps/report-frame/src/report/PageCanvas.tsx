/** One page drawn at a computed layout: each visual in its box, with its data. */
import { useMemo, type ReactNode } from 'react';
import type { PageDefinition, VisualDefinition } from '../api/types.ts';
import type { FrameFilter, Scalar } from '../query/filter-types.ts';
import type { VisualData } from '../visuals/visual-data.ts';
import { visualKey, type ReportViewState } from '../state/report-state.ts';
import type { PageLayout } from './layout.ts';
import { VisualContainer } from './VisualContainer.tsx';

interface Props {
  state: ReportViewState;
  page: PageDefinition;
  layout: PageLayout;
  data: Record<string, VisualData>;
  /** Each visual's definition its data answers, when it can lag behind the page's (the editor). */
  drawnAs?: Record<string, VisualDefinition> | undefined;
  transparent: boolean;
  children?: ReactNode;
}

// Shared empties keep a visual's props unchanged while other visuals' data arrive (no redraw).
const NO_VALUES: Scalar[] = [];
const NO_FILTERS: FrameFilter[] = [];

export function PageCanvas({ state, page, layout, data, drawnAs, transparent, children }: Props) {
  // One array per selection, so the selected visual is not redrawn as other visuals' data arrive.
  const selectedValues = useMemo(
    () => state.selection?.points.map((p) => p.value) ?? NO_VALUES,
    [state.selection],
  );
  const selectedFor = (visualName: string): Scalar[] =>
    state.selection?.visualName === visualName ? selectedValues : NO_VALUES;
  return (
    <div
      className="page-canvas"
      data-page-name={page.name}
      style={{
        width: layout.width,
        height: layout.height,
        background: transparent ? 'transparent' : state.theme.background,
      }}
    >
      {page.visuals
        .filter((v) => layout.boxes[v.name] && data[v.name])
        .map((visual) => {
          const key = visualKey(page.name, visual.name);
          return (
            <VisualContainer
              key={visual.name}
              visual={drawnAs?.[visual.name] ?? visual}
              schema={state.report.dataset}
              data={data[visual.name]!}
              box={layout.boxes[visual.name]!}
              settings={state.settings}
              dimmed={state.spotlight !== null && state.spotlight !== visual.name}
              drillDepth={state.drill[key]?.depth ?? 0}
              selectedValues={selectedFor(visual.name)}
              sort={state.sorts[key]}
              slicerFilters={state.slicerFilters[key] ?? NO_FILTERS}
            />
          );
        })}
      {children}
    </div>
  );
}
