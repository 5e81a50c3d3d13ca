/** The KPI's sparkline, drawn as plain SVG (trend-path.ts). */
import { trendPaths } from './trend-path.ts';

interface Props {
  values: (number | null)[];
  width: number;
  height: number;
  color: string;
}

/** The line's top margin: its stroke is not cut at the highest point. */
const TOP = 4;

export function TrendLine({ values, width, height, color }: Props) {
  const paths = trendPaths(values, width, height, TOP);
  if (!paths) return null;
  return (
    <svg className="kpi-trend" width={width} height={height} aria-hidden="true">
      <path d={paths.area} fill={color} fillOpacity={0.15} />
      <path d={paths.line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="bevel" />
    </svg>
  );
}
