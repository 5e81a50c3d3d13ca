/** One ECharts instance bound to a div, re-used across option changes and resized with its box. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { echarts, type ChartOption } from './echarts.ts';

export interface ChartEvent {
  dataIndex: number;
  seriesIndex: number;
  name: string;
  seriesName?: string;
  value: unknown;
  data?: unknown;
}

/** The parts of an ECharts element event the visuals read. */
function chartEventOf(params: echarts.ECElementEvent): ChartEvent {
  const { dataIndex, seriesIndex = 0, name, seriesName, value, data } = params;
  return { dataIndex, seriesIndex, name, seriesName, value, data };
}

interface Props {
  option: ChartOption;
  width: number;
  height: number;
  onSelect?: (event: ChartEvent, multi: boolean) => void;
  onDrill?: (event: ChartEvent) => void;
  fontFamily: string;
}

export function EChart({ option, width, height, onSelect, onDrill, fontFamily }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const handlers = useRef({ onSelect, onDrill });
  useEffect(() => {
    handlers.current = { onSelect, onDrill };
  });

  const size = useRef({ width, height });

  // Drawn before the browser paints: ECharts taking over from a sketch shows no empty frame.
  useLayoutEffect(() => {
    if (!element.current) return;
    // Created at its box's size: measuring the div would force a layout, and a resize after the
    // first draw would draw every chart twice on a page's first load.
    const instance = echarts.init(element.current, null, { renderer: 'svg', ...size.current });
    chart.current = instance;
    instance.on('click', (params) => {
      const event = params.event?.event;
      handlers.current.onSelect?.(chartEventOf(params), !!(event?.ctrlKey || event?.metaKey));
    });
    instance.on('dblclick', (params) => handlers.current.onDrill?.(chartEventOf(params)));
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    // No animation: `rendered` then means what is on screen is final (and screenshots are stable).
    chart.current?.setOption({ animation: false, textStyle: { fontFamily }, ...option }, true);
  }, [option, fontFamily]);

  useEffect(() => {
    if (size.current.width === width && size.current.height === height) return;
    size.current = { width, height };
    chart.current?.resize({ width, height });
  }, [width, height]);

  return <div ref={element} className="chart" style={{ width, height }} />;
}
