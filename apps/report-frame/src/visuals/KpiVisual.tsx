/** The KPI: a figure, its target and a trend line from the `totals` query. */
import { totals, type CardProps } from './CardVisuals.tsx';
import { TrendLine } from './TrendLine.tsx';
import { useServices } from './services.ts';
import { numberFormatOf } from '../format/visual-format.ts';

export function KpiVisual({ visual, results, width, height }: CardProps) {
  const { format, theme, messages } = useServices();
  const { row, columns } = totals(results);
  const value = typeof row[0] === 'number' ? row[0] : null;
  const target = typeof row[1] === 'number' ? row[1] : null;
  const gap = value !== null && target ? (value - target) / Math.abs(target) : null;
  const good = gap === null || gap >= 0;
  const trend = results['trend']?.rows.map((r) => (typeof r[1] === 'number' ? r[1] : null)) ?? [];
  const color = good ? '#1AAB40' : '#D64550';
  const numberFormat = numberFormatOf(visual.options);
  return (
    <div className="kpi-visual">
      <div className="kpi-value" data-testid="card-value" style={{ color: theme.foreground }}>
        {format.headline(value, columns[0]?.type, columns[0]?.format, numberFormat)}
        {gap !== null && (
          <span className="kpi-indicator" style={{ color }}>
            {good ? '▲' : '▼'}
          </span>
        )}
      </div>
      {target !== null && (
        <div className="kpi-target">
          {messages.target}:{' '}
          {format.headline(target, columns[1]?.type, columns[1]?.format, numberFormat)}
          {gap !== null && <span style={{ color }}> ({format.value(gap, 'number', '0.0%')})</span>}
        </div>
      )}
      {trend.length > 1 && (
        <TrendLine
          values={trend}
          width={width}
          height={Math.max(24, height * 0.35)}
          color={color}
        />
      )}
    </div>
  );
}
