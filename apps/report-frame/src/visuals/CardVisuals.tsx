/** Card, multi-row card, KPI and gauge: single figures from the `totals` query. */
import type { QueryResult, VisualDefinition } from '../api/types.ts';
import { fieldLabel } from '../query/fields.ts';
import { EChart } from './EChart.tsx';
import { gaugeOption } from './other-options.ts';
import { useServices } from './services.ts';

interface Props {
  visual: VisualDefinition;
  results: Record<string, QueryResult>;
  width: number;
  height: number;
}

function totals(results: Record<string, QueryResult>) {
  const result = results['totals'];
  return { row: result?.rows[0] ?? [], columns: result?.columns ?? [] };
}

export function CardVisual({ visual, results }: Props) {
  const { format } = useServices();
  const { row, columns } = totals(results);
  const field = visual.fields.values?.[0];
  return (
    <div className="card-visual">
      <div className="card-value" data-testid="card-value">
        {format.headline(row[0] ?? null, columns[0]?.type, columns[0]?.format)}
      </div>
      {!visual.title && field && <div className="card-label">{fieldLabel(field)}</div>}
    </div>
  );
}

export function MultiRowCardVisual({ visual, results }: Props) {
  const { format } = useServices();
  const { row, columns } = totals(results);
  return (
    <div className="multirow-card">
      {(visual.fields.values ?? []).map((field, i) => (
        <div key={i} className="multirow-item">
          <div className="multirow-value">
            {format.headline(row[i] ?? null, columns[i]?.type, columns[i]?.format)}
          </div>
          <div className="multirow-label">{fieldLabel(field)}</div>
        </div>
      ))}
    </div>
  );
}

export function KpiVisual({ results, width, height }: Props) {
  const { format, theme, messages } = useServices();
  const { row, columns } = totals(results);
  const value = typeof row[0] === 'number' ? row[0] : null;
  const target = typeof row[1] === 'number' ? row[1] : null;
  const gap = value !== null && target ? (value - target) / Math.abs(target) : null;
  const good = gap === null || gap >= 0;
  const trend = results['trend']?.rows.map((r) => r[1] ?? null) ?? [];
  const color = good ? '#1AAB40' : '#D64550';
  return (
    <div className="kpi-visual">
      <div className="kpi-value" data-testid="card-value" style={{ color: theme.foreground }}>
        {format.headline(value, columns[0]?.type, columns[0]?.format)}
        {gap !== null && (
          <span className="kpi-indicator" style={{ color }}>
            {good ? '▲' : '▼'}
          </span>
        )}
      </div>
      {target !== null && (
        <div className="kpi-target">
          {messages.target}: {format.headline(target, columns[1]?.type, columns[1]?.format)}
          {gap !== null && <span style={{ color }}> ({format.value(gap, 'number', '0.0%')})</span>}
        </div>
      )}
      {trend.length > 1 && (
        <EChart
          width={width}
          height={Math.max(24, height * 0.35)}
          fontFamily={theme.fontFamily}
          option={{
            grid: { left: 0, right: 0, top: 4, bottom: 0 },
            xAxis: { type: 'category', show: false, boundaryGap: false },
            yAxis: { type: 'value', show: false, scale: true },
            series: [
              {
                type: 'line',
                data: trend,
                symbol: 'none',
                lineStyle: { color, width: 2 },
                areaStyle: { color, opacity: 0.15 },
              },
            ],
          }}
        />
      )}
    </div>
  );
}

export function GaugeVisual({ results, width, height }: Props) {
  const { format, theme, messages } = useServices();
  const { row, columns } = totals(results);
  const value = typeof row[0] === 'number' ? row[0] : 0;
  const target = typeof row[1] === 'number' ? row[1] : undefined;
  const option = gaugeOption(
    value,
    target,
    { theme, format, selected: new Set(), showLegend: false, totalLabel: messages.total },
    columns[0]?.format,
  );
  return <EChart option={option} width={width} height={height} fontFamily={theme.fontFamily} />;
}
