/** Bodies of the events the host receives, in the shapes powerbi-client 2.8.0 users expect. */
import type { VisualDefinition } from '../api/types.ts';
import type { Formatter } from '../i18n/format.ts';
import type { ReportViewState } from '../state/report-state.ts';
import type { PointRef } from '../visuals/services.ts';

export function visualInfo(visual: VisualDefinition) {
  return {
    name: visual.name,
    title: visual.title ?? '',
    type: visual.type,
    layout: { ...visual.layout, displayState: { mode: 0 } },
  };
}

export function pageInfo(state: ReportViewState, pageName: string) {
  const page = state.report.definition.pages.find((p) => p.name === pageName);
  if (!page) return undefined;
  return {
    name: page.name,
    displayName: page.displayName,
    isActive: page.name === state.activePage,
    visibility: page.visibility ?? 0,
    defaultSize: { type: 4, width: page.width, height: page.height },
    defaultDisplayOption: state.settings.customLayout?.displayOption ?? 0,
  };
}

export function dataSelectedEvent(
  state: ReportViewState,
  visual: VisualDefinition,
  points: PointRef[],
  format: Formatter,
) {
  return {
    report: { id: state.report.id, displayName: state.report.name },
    page: pageInfo(state, state.activePage),
    visual: visualInfo(visual),
    dataPoints: points.length
      ? [
          {
            identity: points.map((p) => ({ target: p.target, equals: p.value })),
            values: points.map((p) => ({
              target: p.target,
              value: p.value,
              formattedValue: format.value(p.value, undefined),
            })),
          },
        ]
      : [],
    regions: [],
    filters: [],
  };
}
