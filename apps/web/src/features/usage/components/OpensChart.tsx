import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts drawn here, so the chart library adds little to the "Uso" chunk.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface DayPoint {
  day: string;
  opens: number;
  viewers: number;
}

/** Opens (bars) and distinct viewers (line) per day, drawn by ECharts. */
export function OpensChart({ days }: { days: readonly DayPoint[] }) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { data: ['Aperturas', 'Lectores'], bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 56 },
      xAxis: {
        type: 'category',
        data: days.map((d) => d.day.slice(5).split('-').reverse().join('/')),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: 'Aperturas', type: 'bar', data: days.map((d) => d.opens), color: '#1d4e89' },
        { name: 'Lectores', type: 'line', data: days.map((d) => d.viewers), color: '#e07b39' },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [days]);

  return (
    <div
      ref={element}
      role="img"
      aria-label="Aperturas y lectores por día"
      data-testid="usage-chart"
      style={{ width: '100%', height: 260 }}
    />
  );
}
