/**
 * The Visualizations pane's icons, one per visual type, drawn as in Power BI's pane: a 16 px
 * outline (`line`), thick bars (`bars`) and a tinted area (`area`). A few path strings each,
 * so the whole set costs well under a kilobyte of the frame's JavaScript.
 */
import type { VisualType } from '../api/types.ts';

interface Icon {
  line?: string;
  bars?: string;
  /** Bars in the second data colour (stacks, combos). */
  bars2?: string;
  area?: string;
  /** Round points (scatter). */
  dots?: string;
}

const COLUMNS = 'M3 14V8M6.5 14V4M10 14V10M13.5 14V6';
const ROWS = 'M2 3.5h8M2 7h11M2 10.5h5M2 14h9';

const ICONS: Record<VisualType, Icon> = {
  card: { line: 'M1.5 4h13v8h-13zM5 8h6' },
  multiRowCard: { line: 'M1.5 2h13v5h-13zM1.5 9h13v5h-13zM4 4.5h5M4 11.5h5' },
  kpi: { line: 'M2 12l3.5-4 3 2.5L14 4M11 4h3v3' },
  gauge: { line: 'M2 12a6 6 0 0 1 12 0M8 12l3-4' },
  clusteredBarChart: { bars: ROWS },
  clusteredColumnChart: { bars: COLUMNS },
  stackedBarChart: {
    bars: 'M2 3.5h5M2 7h6M2 10.5h3M2 14h5',
    bars2: 'M7 3.5h3M8 7h5M5 10.5h3M7 14h4',
  },
  stackedColumnChart: {
    bars: 'M3 14V10M6.5 14V8M10 14V11M13.5 14V9',
    bars2: 'M3 10V6M6.5 8V3M10 11V8M13.5 9V5',
  },
  lineChart: { line: 'M2 12l4-5 3 3 5-7M2 14h12' },
  areaChart: { line: 'M2 10l4-4 3 3 5-5', area: 'M2 14V10l4-4 3 3 5-5v10z' },
  lineClusteredColumnComboChart: { bars: 'M3 14V9M7 14V7M11 14V10', line: 'M2 6l4-3 4 3 4-4' },
  pieChart: { area: 'M8 8V2a6 6 0 1 1-6 6z', line: 'M8 2a6 6 0 1 0 6 6H8z' },
  donutChart: {
    line: 'M8 2.5a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11zM8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  },
  treemap: { line: 'M1.5 2h13v12h-13zM9 2v12M9 8.5h5.5M5 2v12' },
  funnel: { bars: 'M2 3.5h12M4 7h8M5.5 10.5h5M7 14h2' },
  scatterChart: { dots: 'M5 10.5h0M7 6h0M9.5 9h0M11 4.5h0M12.5 10.5h0', line: 'M2 2v12h12' },
  waterfallChart: { bars: 'M3 14V8M6.5 8V5', bars2: 'M10 5v4M13.5 9v5' },
  tableEx: { line: 'M1.5 2.5h13v11h-13zM1.5 6h13M1.5 9.5h13M6 2.5v11' },
  pivotTable: { line: 'M1.5 2.5h13v11h-13zM1.5 6h13M6 2.5v11M10 6v7.5M6 9.5h8.5' },
  slicer: { line: 'M2 3h4v4H2zM8 5h6M2 10h4v4H2zM8 12h6', bars: 'M3 12l1 1 2-2' },
  textbox: { line: 'M3 3.5h10M8 3.5V13M6 13h4' },
  actionButton: { line: 'M1.5 4.5h13v7h-13zM5 8h6' },
};

export function VisualIcon({ type }: { type: VisualType }) {
  const { line, bars, bars2, area, dots } = ICONS[type];
  return (
    <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
      {area && <path d={area} fill="currentColor" opacity="0.3" />}
      {bars && <path d={bars} stroke="currentColor" strokeWidth="2.5" fill="none" />}
      {bars2 && <path d={bars2} stroke="#e66c37" strokeWidth="2.5" fill="none" />}
      {dots && (
        <path d={dots} stroke="currentColor" strokeWidth="2.8" strokeLinecap="round" fill="none" />
      )}
      {line && <path d={line} stroke="currentColor" strokeWidth="1.2" fill="none" />}
    </svg>
  );
}
