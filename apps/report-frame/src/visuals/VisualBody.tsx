/** Picks the renderer for a visual type and hands it the results it needs. */
import type { DatasetSchema, VisualDefinition } from '../api/types.ts';
import type { FrameFilter, Scalar } from '../query/filter-types.ts';
import type { SortState } from '@vitrina/bi-model/visual-queries';
import type { VisualData } from './visual-data.ts';
import { CardVisual, MultiRowCardVisual, type CardProps } from './CardVisuals.tsx';
import { ChartVisual } from './ChartVisual.tsx';
import { KpiVisual } from './KpiVisual.tsx';
import { MatrixVisual } from './MatrixVisual.tsx';
import { useServices } from './services.ts';
import { SlicerVisual } from './SlicerVisual.tsx';
import { TableVisual } from './TableVisual.tsx';
import { useChartVisuals } from './use-chart-visuals.ts';

export interface VisualBodyProps {
  visual: VisualDefinition;
  schema: DatasetSchema;
  data: VisualData;
  width: number;
  height: number;
  drillDepth: number;
  selectedValues: Scalar[];
  sort: SortState | undefined;
  slicerFilters: FrameFilter[];
}

/** The gauge, drawn by ECharts only: its chunk is asked for when a gauge is shown. */
function Gauge(props: CardProps) {
  const charts = useChartVisuals();
  return charts ? <charts.GaugeVisual {...props} /> : null;
}

export function VisualBody(props: VisualBodyProps) {
  const services = useServices();
  const { visual, data, width, height } = props;
  switch (visual.type) {
    case 'textbox':
      return <div className="textbox-visual">{String(visual.options?.['text'] ?? '')}</div>;
    case 'actionButton':
      return (
        <button
          type="button"
          className="action-button"
          onClick={() => services.clickButton(visual)}
        >
          {String(visual.options?.['text'] ?? visual.title ?? '')}
        </button>
      );
    case 'card':
      return <CardVisual visual={visual} results={data.results} width={width} height={height} />;
    case 'multiRowCard':
      return (
        <MultiRowCardVisual visual={visual} results={data.results} width={width} height={height} />
      );
    case 'kpi':
      return <KpiVisual visual={visual} results={data.results} width={width} height={height} />;
    case 'gauge':
      return <Gauge visual={visual} results={data.results} width={width} height={height} />;
    case 'slicer':
      return (
        <SlicerVisual
          visual={visual}
          schema={props.schema}
          results={data.results}
          filters={props.slicerFilters}
        />
      );
    case 'pivotTable':
      return <MatrixVisual visual={visual} results={data.results} />;
    case 'tableEx': {
      const rows = data.results['rows'];
      if (!rows) return null;
      return (
        <TableVisual
          visual={visual}
          schema={props.schema}
          result={rows}
          totals={data.results['totals']}
          sort={props.sort}
          selectedValues={props.selectedValues}
        />
      );
    }
    default: {
      const result = data.results['main'] ?? data.results['points'];
      if (!result) return null;
      if (result.rows.length === 0)
        return <div className="no-data">{services.messages.noData}</div>;
      return (
        <ChartVisual
          visual={visual}
          schema={props.schema}
          result={result}
          width={width}
          height={height}
          drillDepth={props.drillDepth}
          selectedValues={props.selectedValues}
        />
      );
    }
  }
}
