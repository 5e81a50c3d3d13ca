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
import { measureText } from './measure-text.ts';

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
echarts.setPlatformAPI({ measureText });

export { echarts };
export type ChartOption = Parameters<echarts.ECharts['setOption']>[0];
