/**
 * The format an author sets in the editor's format pane, stored in a visual's `options`
 * (`VisualFormat`, decision 0239), laid over a chart's ECharts option: legend and data labels
 * here, colours, axes and font size in their own modules.
 */
import type { LegendPositionName } from '@vitrina/bi-model';
import { readVisualFormat } from '../format/visual-format.ts';
import { fieldLabel } from '@vitrina/bi-model/visual-queries';
import type { VisualDefinition } from '../api/types.ts';
import { isRecord } from '../lib/is-record.ts';
import { withAxisFormat } from './format-axes.ts';
import { withColors } from './format-colors.ts';
import { withFontSize } from './format-font.ts';

export type { LegendPositionName } from '@vitrina/bi-model';

interface VisualFormat {
  legend: { show: boolean | undefined; position: LegendPositionName };
  dataLabels: boolean;
}

export function formatOf(visual: VisualDefinition): VisualFormat {
  const { legend, dataLabels } = readVisualFormat(visual.options);
  return {
    legend: { show: legend?.show, position: legend?.position ?? 'Top' },
    dataLabels: dataLabels === true,
  };
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

/** The chart's option with the author's format applied (unchanged when nothing is set). */
export function withFormat<T extends object>(visual: VisualDefinition, option: T): T {
  const format = readVisualFormat(visual.options);
  const measure = visual.fields.values?.[0] ?? visual.fields.y?.[0];
  const category = visual.fields.category?.[0];
  const names = {
    category: category ? fieldLabel(category) : '',
    value: measure ? fieldLabel(measure) : '',
  };
  const basics = withLegendAndLabels(visual, option as Record<string, unknown>);
  const drawn = withFontSize(
    withAxisFormat(withColors(basics, format), format, names),
    format.fontSize,
  );
  const shown = format.showTooltips === false ? withoutTooltips(drawn) : drawn;
  return (shown === option ? option : shown) as T;
}

/** No tooltip on hover (Power BI's tooltip "visible" off): ECharts' global switch. */
function withoutTooltips(option: Record<string, unknown>): Record<string, unknown> {
  const tooltip = isRecord(option['tooltip']) ? option['tooltip'] : {};
  return { ...option, tooltip: { ...tooltip, show: false } };
}

function withLegendAndLabels(visual: VisualDefinition, option: Record<string, unknown>) {
  const format = formatOf(visual);
  const explicitLegend = isRecord(visual.options?.['legend']);
  if (!explicitLegend && !format.dataLabels) return option;
  const next: Record<string, unknown> = { ...option };
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
            // Labels that would cover each other are left out, as Power BI does.
            labelLayout: { hideOverlap: true },
          }
        : series,
    );
    next['grid'] = withRoomForLabels(next);
  }
  return next;
}

/**
 * Labels outside a bar's end are drawn past the plot, where the grid's margin cuts them
 * ("S/ 262" for "S/ 262,8 M"): the margin on that side grows by about one label.
 */
function withRoomForLabels(option: Record<string, unknown>): unknown {
  const grid = option['grid'];
  if (!isRecord(grid)) return grid;
  const horizontal = isRecord(option['xAxis']) && option['xAxis']['type'] === 'value';
  const side = horizontal ? 'right' : 'top';
  const margin = typeof grid[side] === 'number' ? grid[side] : 0;
  return { ...grid, [side]: margin + (horizontal ? LABEL_ROOM.width : LABEL_ROOM.height) };
}
const LABEL_ROOM = { width: 56, height: 14 };
