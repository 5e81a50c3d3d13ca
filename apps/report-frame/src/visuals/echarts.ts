/** ECharts, registered per chart type so that the bundle carries only what the visuals use. */
import {
  BarChart,
  FunnelChart,
  GaugeChart,
  LineChart,
  PieChart,
  ScatterChart,
  TreemapChart,
} from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  TreemapChart,
  FunnelChart,
  ScatterChart,
  GaugeChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  SVGRenderer,
]);

export { echarts };
export type ChartOption = Parameters<echarts.ECharts['setOption']>[0];
