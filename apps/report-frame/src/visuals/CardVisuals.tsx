/** Card and multi-row card: single figures from the `totals` query. */
import type { QueryResult, VisualDefinition } from '../api/types.ts';
import { fieldLabel } from '@vitrina/bi-model/visual-queries';
import { useServices } from './services.ts';
import { numberFormatOf } from '../format/visual-format.ts';

export interface CardProps {
  visual: VisualDefinition;
  results: Record<string, QueryResult>;
  width: number;
  height: number;
}

export function totals(results: Record<string, QueryResult>) {
  const result = results['totals'];
  return { row: result?.rows[0] ?? [], columns: result?.columns ?? [] };
}

export function CardVisual({ visual, results }: CardProps) {
  const { format } = useServices();
  const { row, columns } = totals(results);
  const field = visual.fields.values?.[0];
  return (
    <div className="card-visual">
      <div className="card-value" data-testid="card-value">
        {format.headline(
          row[0] ?? null,
          columns[0]?.type,
          columns[0]?.format,
          numberFormatOf(visual.options),
        )}
      </div>
      {!visual.title && field && <div className="card-label">{fieldLabel(field)}</div>}
    </div>
  );
}

export function MultiRowCardVisual({ visual, results }: CardProps) {
  const { format } = useServices();
  const { row, columns } = totals(results);
  return (
    <div className="multirow-card">
      {(visual.fields.values ?? []).map((field, i) => (
        <div key={i} className="multirow-item">
          <div className="multirow-value">
            {format.headline(
              row[i] ?? null,
              columns[i]?.type,
              columns[i]?.format,
              numberFormatOf(visual.options),
            )}
          </div>
          <div className="multirow-label">{fieldLabel(field)}</div>
        </div>
      ))}
    </div>
  );
}
