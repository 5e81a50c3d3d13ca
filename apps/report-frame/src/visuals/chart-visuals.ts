/** The visuals drawn with ECharts: one chunk, loaded only when a page shows one of them. */
export { ChartVisual } from './ChartVisual.tsx';
export { GaugeVisual } from './GaugeVisual.tsx';
