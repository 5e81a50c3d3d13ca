/**
 * Bars and columns, placed in their bands as ECharts' barGrid.js places them: the stacks of a
 * band side by side, a gap of 10 % of a bar between them and a gap between bands that narrows
 * as stacks are added, each bar no wider than its series' barMaxWidth.
 */
import { numberOf, pointOpacity } from './option-reading.ts';
import type { PlotSeries } from './cartesian-series.ts';
import type { PlotScale } from './cartesian-frame.ts';
import { px, type SketchShape } from './shapes.ts';

/** ECharts' default gap between bars of one band, as a share of a bar's width. */
const BAR_GAP = 0.1;

interface Slot {
  offset: number;
  width: number;
}

/** Each stack's place across its band: offset from the band's centre, and width. */
function barSlots(series: PlotSeries[], band: number): Map<string, Slot> {
  const stacks = new Map<string, number>();
  for (const s of series) {
    const key = s.stack ?? `series ${s.index}`;
    const maxWidth = numberOf(s.record, 'barMaxWidth', Infinity);
    stacks.set(key, Math.min(stacks.get(key) ?? Infinity, maxWidth));
  }
  const count = stacks.size;
  // More stacks in a band leave less room between bands, or the bars would be too thin.
  const categoryGap = (band * Math.max(35 - count * 4, 15)) / 100;
  const autoWidth = (room: number, n: number) =>
    Math.max(0, (room - categoryGap) / (n + (n - 1) * BAR_GAP));
  const first = autoWidth(band, count);
  let room = band;
  let autoCount = count;
  const widths = new Map<string, number | undefined>();
  for (const [key, maxWidth] of stacks) {
    const capped = maxWidth < first ? Math.min(maxWidth, room) : undefined;
    widths.set(key, capped);
    if (capped !== undefined) {
      room -= capped * (1 + BAR_GAP);
      autoCount -= 1;
    }
  }
  const rest = autoWidth(room, autoCount);
  const finalWidths = [...widths].map(([key, w]) => [key, w ?? rest] as const);
  const total = finalWidths.reduce((sum, [, w]) => sum + w * (1 + BAR_GAP), 0);
  let offset = -(total - finalWidths[finalWidths.length - 1]![1] * BAR_GAP) / 2;
  const slots = new Map<string, Slot>();
  for (const [key, width] of finalWidths) {
    slots.set(key, { offset, width });
    offset += width * (1 + BAR_GAP);
  }
  return slots;
}

/** zrender's rectangle path, from a corner along the width, then the height. */
const rect = (x: number, y: number, w: number, h: number) =>
  `M${px(x)} ${px(y)}l${px(w)} 0l0 ${px(h)}l${px(-w)} 0Z`;

export function barShapes(series: PlotSeries[], scale: PlotScale): SketchShape[] | undefined {
  const slots = barSlots(series, scale.band);
  // ECharts keeps a bar at least a pixel wide: thinner ones are left to it.
  if ([...slots.values()].some((slot) => slot.width < 1)) return undefined;
  return series.flatMap((s) => {
    const slot = slots.get(s.stack ?? `series ${s.index}`)!;
    return s.values.flatMap((value, i): SketchShape[] => {
      if (value === null) return [];
      const across = scale.center(i) + slot.offset;
      const from = scale.at(s.bases[i]!);
      const length = scale.at(s.bases[i]! + value) - from;
      return [
        {
          kind: 'path',
          d: scale.horizontal
            ? rect(from, across, length, slot.width)
            : rect(across, from, slot.width, length),
          fill: s.color,
          opacity: pointOpacity(s.data[i]),
          point: { seriesIndex: s.index, dataIndex: i },
        },
      ];
    });
  });
}
