/**
 * A chart's sketch drawn as SVG in the box ECharts will take over, with the attributes zrender
 * writes, so that the switch shows no change. A click on a bar, point or slice selects as
 * ECharts' click would; pointing at the chart asks for ECharts at once (its tooltips).
 */
import type { ChartEvent } from '../EChart.tsx';
import type { ChartRoom, SketchCircle, SketchPath, SketchPoint, SketchShape } from './shapes.ts';

interface Props {
  shapes: SketchShape[];
  room: ChartRoom;
  on: {
    select: (event: ChartEvent, multi: boolean) => void;
    /** The pointer came over the chart. */
    enter: () => void;
    /** A button went down (true), or the click it started is over (false). */
    press: (down: boolean) => void;
  };
}

const eventOf = (point: SketchPoint): ChartEvent => ({
  ...point,
  name: '',
  value: undefined,
});

/** What a path and a circle paint with, and the data point they stand for. */
function paintOf(shape: SketchPath | SketchCircle) {
  const { point } = shape;
  return {
    fill: shape.fill,
    stroke: shape.stroke,
    strokeWidth: shape.strokeWidth,
    opacity: shape.opacity === 1 ? undefined : shape.opacity,
    ...(point ? { 'data-series': point.seriesIndex, 'data-index': point.dataIndex } : {}),
  };
}

function Shape({ shape, fontFamily }: { shape: SketchShape; fontFamily: string }) {
  if (shape.kind === 'circle')
    return <circle cx={shape.cx} cy={shape.cy} r={shape.r} {...paintOf(shape)} />;
  if (shape.kind === 'path')
    return (
      <path
        d={shape.d}
        fillOpacity={shape.fillOpacity}
        strokeLinejoin={shape.lineJoin}
        strokeLinecap={shape.lineCap}
        {...paintOf(shape)}
      />
    );
  return (
    <text
      dominantBaseline="central"
      textAnchor={shape.anchor}
      xmlSpace="preserve"
      transform={
        // zrender writes a turned label's matrix to three decimals: the same, for the same pixels.
        shape.slanted
          ? `matrix(0.707,-0.707,0.707,0.707,${shape.x},${shape.y})`
          : `translate(${shape.x} ${shape.y})`
      }
      fill={shape.color}
      style={{ fontSize: `${shape.fontSize}px`, fontFamily }}
    >
      {shape.text}
    </text>
  );
}

/** The data point under a click, read from the shape's data attributes. */
function pointAt(target: EventTarget): SketchPoint | undefined {
  if (!(target instanceof Element)) return undefined;
  const series = target.getAttribute('data-series');
  const index = target.getAttribute('data-index');
  if (series === null || index === null) return undefined;
  return { seriesIndex: Number(series), dataIndex: Number(index) };
}

export function SketchedChart({ shapes, room, on }: Props) {
  const { width, height } = room;
  return (
    <div
      className="chart"
      data-sketch=""
      style={{ width, height, position: 'relative' }}
      onPointerEnter={on.enter}
      onPointerDown={() => on.press(true)}
      onPointerLeave={() => on.press(false)}
      onClick={(event) => {
        const point = pointAt(event.target);
        if (point) on.select(eventOf(point), event.ctrlKey || event.metaKey);
        on.press(false);
      }}
    >
      <svg
        width={width}
        height={height}
        style={{ position: 'absolute', left: 0, top: 0, userSelect: 'none' }}
      >
        {shapes.map((shape, i) => (
          <Shape key={i} shape={shape} fontFamily={room.fontFamily} />
        ))}
      </svg>
    </div>
  );
}
