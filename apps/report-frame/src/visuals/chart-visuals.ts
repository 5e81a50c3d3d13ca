/** The visuals drawn with ECharts: one chunk, loaded only when a page needs ECharts (use-chart-visuals.ts). */
export { EChart } from './EChart.tsx';
export { GaugeVisual } from './GaugeVisual.tsx';
