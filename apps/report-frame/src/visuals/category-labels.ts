/**
 * How a category axis shows its labels in the room it has, as Power BI does: all side by side
 * when they fit, else rotated 45°, long ones shortened with an ellipsis (the tooltip keeps the
 * full name), and every n-th one only when even rotated they cannot all stand (decision 0232).
 */

/** Rough width of a character of the axes' 11 px text. */
const CHAR_WIDTH = 6.5;
/** The room a label takes across its axis: one line of text, and for a rotated label its slant. */
const LINE_HEIGHT = 13;
const ROTATED_FOOTPRINT = LINE_HEIGHT * Math.SQRT2;
/** Room the value axis' labels and the grid's margins take from the plot, in px. */
const VALUE_AXIS_ROOM = 56;
/** Longest a label may run before an ellipsis: a share of the visual, at most MAX_LABEL px. */
const MAX_LABEL = 110;
const LABEL_SHARE = 0.3;

export interface CategoryLabelLayout {
  rotate: 0 | 45;
  /** Labels between two shown ones (0: every label). */
  interval: number;
  /** Width a label may take before it is cut with an ellipsis, in px. */
  width: number;
}

const textWidth = (label: string) => label.length * CHAR_WIDTH;

/** Labels along the bottom of a column, line or area chart `width` × `height` px. */
export function columnLabelLayout(
  labels: string[],
  width: number,
  height: number,
): CategoryLabelLayout {
  const slot = Math.max(1, width - VALUE_AXIS_ROOM) / Math.max(1, labels.length);
  const longest = Math.max(0, ...labels.map(textWidth));
  const limit = Math.max(40, Math.min(MAX_LABEL, height * LABEL_SHARE));
  if (longest <= slot - 4) return { rotate: 0, interval: 0, width: Math.floor(slot) };
  return {
    rotate: 45,
    interval: Math.max(0, Math.ceil(ROTATED_FOOTPRINT / slot) - 1),
    width: Math.floor(limit),
  };
}

/** Labels down the side of a bar chart: always level, cut at a share of the width, thinned when lines crowd. */
export function barLabelLayout(
  labels: string[],
  width: number,
  height: number,
): CategoryLabelLayout {
  const slot = Math.max(1, height - 24) / Math.max(1, labels.length);
  return {
    rotate: 0,
    interval: Math.max(0, Math.ceil(LINE_HEIGHT / slot) - 1),
    width: Math.floor(Math.max(40, Math.min(MAX_LABEL, width * LABEL_SHARE))),
  };
}

/** The ECharts axisLabel settings of a layout: no automatic hiding, ellipsis past the width. */
export function categoryAxisLabel(layout: CategoryLabelLayout) {
  return {
    rotate: layout.rotate,
    interval: layout.interval,
    hideOverlap: false,
    width: layout.width,
    overflow: 'truncate' as const,
    ellipsis: '…',
  };
}
