/**
 * The phone view of a page that has no authored phone layout: one column in reading order, as
 * Power BI's mobile view would be drawn from the desktop canvas. Cards go two to a row, charts
 * and tables take the full width at a readable height, slicers and text the full width at their
 * kind's height. See docs/decisions/0234.
 */
import type { VisualDefinition, VisualLayout } from '../api/types.ts';

export interface StackedBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const PHONE_GAP = 12;
/** Charts never get shorter than this on a phone, whatever their desktop shape. */
export const PHONE_CHART_MIN = 240;
const PHONE_CHART_MAX = 360;
const CARD_HEIGHT = 120;
const TEXT_HEIGHT = 56;
const COMPACT_SLICER_HEIGHT = 76;
const LIST_SLICER_HEIGHT = 200;

const KPI_HEIGHT = 180;

/** Visuals that share a row in pairs; a KPI's value, status mark and trend need the full width. */
const CARD_TYPES = new Set(['card', 'gauge']);
const TEXT_TYPES = new Set(['textbox', 'actionButton']);

function heightFor(visual: VisualDefinition, layout: VisualLayout, width: number): number {
  if (CARD_TYPES.has(visual.type)) return CARD_HEIGHT;
  if (TEXT_TYPES.has(visual.type)) return TEXT_HEIGHT;
  if (visual.type === 'multiRowCard') return CARD_HEIGHT;
  if (visual.type === 'kpi') return KPI_HEIGHT;
  if (visual.type === 'slicer') {
    const mode = visual.options?.['mode'];
    return mode === 'list' || mode === undefined ? LIST_SLICER_HEIGHT : COMPACT_SLICER_HEIGHT;
  }
  const shaped = (layout.height / layout.width) * width;
  return Math.round(Math.max(PHONE_CHART_MIN, Math.min(PHONE_CHART_MAX, shaped)));
}

/** Boxes for `visuals` (with their design layouts) stacked on a phone `viewportWidth` wide. */
export function stackForPhone(
  visuals: { visual: VisualDefinition; layout: VisualLayout }[],
  viewportWidth: number,
): { boxes: Record<string, StackedBox>; height: number } {
  const ordered = [...visuals].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  const full = viewportWidth - PHONE_GAP * 2;
  const half = (full - PHONE_GAP) / 2;
  const boxes: Record<string, StackedBox> = {};
  let top = PHONE_GAP;
  for (let i = 0; i < ordered.length; i++) {
    const { visual, layout } = ordered[i]!;
    const partner = ordered[i + 1];
    if (CARD_TYPES.has(visual.type) && partner && CARD_TYPES.has(partner.visual.type)) {
      boxes[visual.name] = { left: PHONE_GAP, top, width: half, height: CARD_HEIGHT };
      boxes[partner.visual.name] = {
        left: PHONE_GAP * 2 + half,
        top,
        width: half,
        height: CARD_HEIGHT,
      };
      top += CARD_HEIGHT + PHONE_GAP;
      i++;
      continue;
    }
    const height = heightFor(visual, layout, full);
    boxes[visual.name] = { left: PHONE_GAP, top, width: full, height };
    top += height + PHONE_GAP;
  }
  return { boxes, height: top };
}
