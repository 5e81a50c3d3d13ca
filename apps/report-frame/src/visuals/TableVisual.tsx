/** Table: the value fields as columns in their order; a header click sorts, a row click selects. */
import type { DatasetSchema, FieldRef, QueryResult, VisualDefinition } from '../api/types.ts';
import type { Scalar } from '../query/filter-types.ts';
import {
  fieldLabel,
  filterTargetOf,
  isMeasureField,
  type SortState,
} from '@vitrina/bi-model/visual-queries';
import { targetKey } from '../query/filter-types.ts';
import { useServices } from './services.ts';
import { numberFormatOf } from '../format/visual-format.ts';
import { tableColumnWriter } from './date-levels.ts';

interface Props {
  visual: VisualDefinition;
  schema: DatasetSchema;
  result: QueryResult;
  totals: QueryResult | undefined;
  sort: SortState | undefined;
  selectedValues: Scalar[];
}

/** Where each value field sits in the result row: groupings first, measures after. */
function resultIndexes(fields: FieldRef[]): number[] {
  const groupings = fields.filter((f) => !isMeasureField(f));
  let nextGrouping = 0;
  let nextMeasure = groupings.length;
  return fields.map((f) => (isMeasureField(f) ? nextMeasure++ : nextGrouping++));
}

export function TableVisual({ visual, schema, result, totals, sort, selectedValues }: Props) {
  const services = useServices();
  const { format, theme } = services;
  const fields = visual.fields.values ?? [];
  const indexes = resultIndexes(fields);
  const firstGrouping = fields.findIndex((f) => !isMeasureField(f));
  const groupingField = fields[firstGrouping];
  const groupingCount = fields.filter((f) => !isMeasureField(f)).length;
  const totalsRow = totals?.rows[0] ?? [];
  const measureTotals = fields.map((f, i) =>
    isMeasureField(f) ? (totalsRow[indexes[i]! - groupingCount] ?? null) : null,
  );
  const sortedKey = sort ? targetKey(sort.target) : null;
  const numberFormat = numberFormatOf(visual.options);
  // One writer per column, so that every cell and the total keep the same decimals.
  const writers = fields.map((_, i) => {
    const column = result.columns[indexes[i]!];
    const cells = [...result.rows.map((row) => row[indexes[i]!] ?? null), measureTotals[i] ?? null];
    return tableColumnWriter(column, cells, format, services.messages, numberFormat);
  });

  return (
    <div className="table-visual">
      <table>
        <thead>
          <tr style={{ borderBottomColor: theme.tableAccent }}>
            {fields.map((field, i) => {
              const target = filterTargetOf(schema, field);
              const active = sortedKey === targetKey(target);
              const next: 1 | 2 = active && sort?.direction === 2 ? 1 : 2;
              return (
                <th
                  key={i}
                  className={isMeasureField(field) ? 'num' : ''}
                  onClick={() => services.sortBy(visual, target, next)}
                  aria-sort={active ? (sort?.direction === 1 ? 'ascending' : 'descending') : 'none'}
                >
                  {fieldLabel(field)}
                  {active && (
                    <span className="sort-mark">{sort?.direction === 1 ? ' ▲' : ' ▼'}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, r) => {
            const key = groupingField ? (row[indexes[firstGrouping]!] ?? null) : null;
            const dimmed =
              selectedValues.length > 0 && (key === null || !selectedValues.includes(key));
            return (
              <tr
                key={r}
                className={dimmed ? 'dimmed' : ''}
                onClick={(event) => {
                  if (groupingField && key !== null) {
                    services.select(
                      visual,
                      [{ target: filterTargetOf(schema, groupingField), value: key }],
                      event.ctrlKey,
                    );
                  }
                }}
              >
                {fields.map((field, i) => (
                  <td key={i} className={isMeasureField(field) ? 'num' : ''}>
                    {writers[i]!(row[indexes[i]!] ?? null)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            {fields.map((field, i) => {
              const total = measureTotals[i];
              return (
                <td key={i} className={isMeasureField(field) ? 'num' : ''}>
                  {i === 0
                    ? services.messages.total
                    : total !== null && total !== undefined && typeof total !== 'boolean'
                      ? writers[i]!(total)
                      : ''}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
