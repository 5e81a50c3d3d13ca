/** Matrix: row groups with subtotals, one column block per column value, and grand totals. */
import type { Cell, QueryResult, VisualDefinition } from '../api/types.ts';
import { fieldLabel } from '@vitrina/bi-model/visual-queries';
import { useServices } from './services.ts';
import { numberFormatOf } from '../format/visual-format.ts';

interface Props {
  visual: VisualDefinition;
  results: Record<string, QueryResult>;
}

type Lookup = Map<string, Cell[]>;

/** Indexes a result by its group values (row prefix, then column value) → measure values. */
function index(result: QueryResult | undefined, groupCount: number): Lookup {
  const lookup: Lookup = new Map();
  for (const row of result?.rows ?? [])
    lookup.set(JSON.stringify(row.slice(0, groupCount)), row.slice(groupCount));
  return lookup;
}

interface RowNode {
  path: Cell[];
  children: RowNode[];
}

function rowTree(
  results: Record<string, QueryResult>,
  depth: number,
  parent: Cell[] = [],
): RowNode[] {
  const level = results[`rows${parent.length + 1}`];
  if (!level || parent.length >= depth) return [];
  return level.rows
    .filter((row) => parent.every((value, i) => row[i] === value))
    .map((row) => {
      const path = row.slice(0, parent.length + 1);
      return { path, children: rowTree(results, depth, path) };
    });
}

export function MatrixVisual({ visual, results }: Props) {
  const { format, messages, theme } = useServices();
  const rowFields = visual.fields.category ?? [];
  const hasColumns = (visual.fields.columns?.length ?? 0) > 0;
  const measures = visual.fields.values ?? [];
  const depth = rowFields.length;
  const columnValues = hasColumns
    ? (results['rows0+columns']?.rows.map((r) => r[0] ?? null) ?? [])
    : [];
  const measureColumns = results['rows0']?.columns ?? [];
  const lookups = Array.from({ length: depth + 1 }, (_, d) => ({
    total: index(results[`rows${d}`], d),
    byColumn: index(results[`rows${d}+columns`], d + 1),
  }));

  // One writer per measure over every level and column block, totals included: one column's
  // figures keep the same decimals from the first row to the grand total.
  const numberFormat = numberFormatOf(visual.options);
  const writers = measures.map((_, m) => {
    const values = lookups.flatMap((lookup) =>
      [...lookup.total.values(), ...lookup.byColumn.values()].map((row) => row[m] ?? null),
    );
    return format.column(values, measureColumns[m]?.type, measureColumns[m]?.format, numberFormat);
  });

  const cells = (path: Cell[]) => {
    const lookup = lookups[path.length]!;
    const blocks = hasColumns
      ? columnValues.map((c) => lookup.byColumn.get(JSON.stringify([...path, c])))
      : [];
    blocks.push(lookup.total.get(JSON.stringify(path)));
    return blocks.flatMap((values, b) =>
      measures.map((_, m) => (
        <td
          key={`${b}-${m}`}
          className={`num${b === blocks.length - 1 && hasColumns ? ' total-col' : ''}`}
        >
          {values ? writers[m]!(values[m] ?? null) : ''}
        </td>
      )),
    );
  };

  const renderRows = (nodes: RowNode[]): React.ReactNode[] =>
    nodes.flatMap((node) => [
      <tr key={JSON.stringify(node.path)} className={node.children.length > 0 ? 'subtotal' : ''}>
        <td style={{ paddingLeft: 8 + 16 * (node.path.length - 1) }}>
          {format.value(
            node.path[node.path.length - 1] ?? null,
            results[`rows${node.path.length}`]?.columns[node.path.length - 1]?.type,
          )}
        </td>
        {cells(node.path)}
      </tr>,
      ...renderRows(node.children),
    ]);

  const measureHeaders = measures.map((m, i) => (
    <th key={i} className="num">
      {fieldLabel(m)}
    </th>
  ));
  return (
    <div className="table-visual matrix-visual">
      <table>
        <thead>
          {hasColumns && (
            <tr>
              <th />
              {columnValues.map((c, i) => (
                <th key={i} colSpan={measures.length} className="num col-group">
                  {format.value(c, results['rows0+columns']?.columns[0]?.type)}
                </th>
              ))}
              <th colSpan={measures.length} className="num col-group">
                {messages.total}
              </th>
            </tr>
          )}
          <tr style={{ borderBottomColor: theme.tableAccent }}>
            <th>{rowFields.map(fieldLabel).join(' / ')}</th>
            {hasColumns
              ? [...columnValues, null].flatMap((_, b) =>
                  measureHeaders.map((h) => ({ ...h, key: `${b}-${h.key}` })),
                )
              : measureHeaders}
          </tr>
        </thead>
        <tbody>{renderRows(rowTree(results, depth))}</tbody>
        <tfoot>
          <tr>
            <td>{messages.total}</td>
            {cells([])}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
