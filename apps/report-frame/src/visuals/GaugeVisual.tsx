/** The gauge: a single figure (and its target) from the `totals` query, drawn by ECharts. */
import { totals, type CardProps } from './CardVisuals.tsx';
import { EChart } from './EChart.tsx';
import { gaugeOption } from './other-options.ts';
import { useServices } from './services.ts';
import { numberFormatOf } from '../format/visual-format.ts';

export function GaugeVisual({ visual, results, width, height }: CardProps) {
  const { format, theme, messages } = useServices();
  const { row, columns } = totals(results);
  const value = typeof row[0] === 'number' ? row[0] : 0;
  const target = typeof row[1] === 'number' ? row[1] : undefined;
  const option = gaugeOption(
    value,
    target,
    {
      theme,
      format,
      selected: new Set(),
      showLegend: false,
      totalLabel: messages.total,
      numberFormat: numberFormatOf(visual.options),
    },
    columns[0]?.format,
  );
  return <EChart option={option} width={width} height={height} fontFamily={theme.fontFamily} />;
}
