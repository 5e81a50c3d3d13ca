/** A table or matrix printed at full length after its page: every row, over as many sheets as needed. */
import type { PageDefinition, VisualDefinition } from '../api/types.ts';
import { visualKey, type ReportViewState } from '../state/report-state.ts';
import type { VisualData } from '../visuals/visual-data.ts';
import { VisualBody } from '../visuals/VisualBody.tsx';

interface Props {
  state: ReportViewState;
  page: PageDefinition;
  visual: VisualDefinition;
  data: VisualData;
  width: number;
}

export function FullLengthVisual({ state, page, visual, data, width }: Props) {
  const key = visualKey(page.name, visual.name);
  return (
    <section className="print-continuation" data-visual-name={visual.name}>
      <h2 className="visual-title">{visual.title ?? visual.name}</h2>
      <VisualBody
        visual={visual}
        schema={state.report.dataset}
        data={data}
        width={width}
        height={0}
        drillDepth={state.drill[key]?.depth ?? 0}
        selectedValues={[]}
        sort={state.sorts[key]}
        slicerFilters={state.slicerFilters[key] ?? []}
      />
    </section>
  );
}
