/**
 * Format basics an author sets in the editor, stored in a visual's `options`
 * (`legend: { show, position }`, `dataLabels`), laid over a chart's ECharts option.
 */
import type { VisualDefinition } from '../api/types.ts';
import { isRecord } from '../lib/is-record.ts';

/** powerbi-models' LegendPosition names (None is "show: false"). */
export const legendPositions = [
  'Top',
  'Bottom',
  'Right',
  'Left',
  'TopCenter',
  'BottomCenter',
  'RightCenter',
  'LeftCenter',
] as const;
export type LegendPositionName = (typeof legendPositions)[number];

interface VisualFormat {
  legend: { show: boolean | undefined; position: LegendPositionName };
  dataLabels: boolean;
}

export function formatOf(visual: VisualDefinition): VisualFormat {
  const legend = isRecord(visual.options?.['legend']) ? visual.options['legend'] : {};
  const position = legendPositions.find((p) => p === legend['position']) ?? 'Top';
  const show = typeof legend['show'] === 'boolean' ? legend['show'] : undefined;
  return { legend: { show, position }, dataLabels: visual.options?.['dataLabels'] === true };
}

/** Where ECharts puts the legend for each position; the plain sides start at the corner. */
function legendPlacement(position: LegendPositionName): Record<string, string | number> {
  const centered = position.endsWith('Center');
  const side = position.replace('Center', '');
  const vertical = side === 'Left' || side === 'Right';
  const along = centered ? 'center' : 0;
  if (side === 'Top') return { top: 0, left: along, orient: 'horizontal' };
  if (side === 'Bottom') return { bottom: 0, left: along, orient: 'horizontal' };
  return { [side.toLowerCase()]: 0, top: vertical && centered ? 'middle' : 0, orient: 'vertical' };
}

/** The chart's option with the author's legend and data labels applied (unchanged when unset). */
export function withFormat<T extends object>(visual: VisualDefinition, option: T): T {
  const format = formatOf(visual);
  const explicitLegend = isRecord(visual.options?.['legend']);
  if (!explicitLegend && !format.dataLabels) return option;
  const next: Record<string, unknown> = { ...(option as Record<string, unknown>) };
  if (explicitLegend && isRecord(next['legend'])) {
    const { top: _t, left: _l, bottom: _b, right: _r, orient: _o, ...rest } = next['legend'];
    next['legend'] = {
      ...rest,
      ...legendPlacement(format.legend.position),
      show: format.legend.show ?? rest['show'],
    };
  }
  if (format.dataLabels && Array.isArray(next['series'])) {
    next['series'] = next['series'].map((series: unknown) =>
      isRecord(series)
        ? {
            ...series,
            label: { ...(isRecord(series['label']) ? series['label'] : {}), show: true },
          }
        : series,
    );
  }
  return next as T;
}
