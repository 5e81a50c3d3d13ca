/** The format pane's font size over a chart: data labels, axis labels and titles, and legend. */
import { mapAxes, mapSeries, part, type OptionRecord } from './option-parts.ts';

export function withFontSize(option: OptionRecord, fontSize: number | undefined): OptionRecord {
  if (fontSize === undefined) return option;
  const withLabels = mapSeries(option, (series) => ({
    ...series,
    label: { ...part(series, 'label'), fontSize },
  }));
  const withAxes = mapAxes(withLabels, (axis) => ({
    ...axis,
    axisLabel: { ...part(axis, 'axisLabel'), fontSize },
    nameTextStyle: { ...part(axis, 'nameTextStyle'), fontSize },
  }));
  const legend = withAxes['legend'];
  return legend === undefined
    ? withAxes
    : {
        ...withAxes,
        legend: {
          ...part(withAxes, 'legend'),
          textStyle: { ...part(part(withAxes, 'legend'), 'textStyle'), fontSize },
        },
      };
}
