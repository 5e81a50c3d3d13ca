/**
 * The editor's wells in the names Power BI's authoring API uses (decision 0284): a visual type's
 * capabilities with their data roles, Power BI's visual type names, and powerbi-models ITarget
 * fields read into the report's FieldRefs and written back.
 */
import { visualTypes, type DatePart } from '@vitrina/bi-model';
import { VisualDataRoleKind } from '@vitrina/embed-sdk/protocol';
import type { DataRole, DatasetSchema, FieldRef, VisualType } from '../api/types.ts';
import { isRecord } from '../lib/is-record.ts';
import { RequestError } from '../protocol/request-error.ts';
import type { EditorMessages } from './editor-messages.ts';
import { WELLS } from './wells.ts';

/** Power BI's names for its stacked charts, which this frame calls by what they draw. */
const TYPE_ALIASES: Record<string, VisualType> = {
  columnChart: 'stackedColumnChart',
  barChart: 'stackedBarChart',
};

/** A visual type by Power BI's name; an unknown one is the 400 Power BI's frame answers. */
export function visualTypeNamed(name: unknown): VisualType {
  const type = typeof name === 'string' ? (TYPE_ALIASES[name] ?? name) : '';
  const known = visualTypes.find((t) => t === type);
  if (!known)
    throw new RequestError(400, [{ message: `visualType ${String(name)} is not supported` }]);
  return known;
}

/** Power BI's role names where they differ from the wells' names. */
const ROLE_NAMES: Record<DataRole, string> = {
  category: 'Category',
  series: 'Series',
  values: 'Y',
  columns: 'Columns',
  target: 'TargetValue',
  x: 'X',
  y: 'Y',
  size: 'Size',
  tooltips: 'Tooltips',
};
const ROLE_NAMES_BY_TYPE: Partial<Record<VisualType, Partial<Record<DataRole, string>>>> = {
  card: { values: 'Values' },
  multiRowCard: { values: 'Values' },
  kpi: { values: 'Indicator', category: 'TrendLine', target: 'Goal' },
  lineClusteredColumnComboChart: { y: 'Y2' },
  treemap: { category: 'Group', values: 'Values' },
  tableEx: { values: 'Values' },
  pivotTable: { category: 'Rows', values: 'Values' },
  slicer: { category: 'Values' },
};

function roleName(type: VisualType, role: DataRole): string {
  return ROLE_NAMES_BY_TYPE[type]?.[role] ?? ROLE_NAMES[role];
}

/** The well a role name stands for: Power BI's name for this type, or the well's own name. */
export function wellRole(type: VisualType, name: string): DataRole {
  const well = WELLS[type].find(
    (w) => roleName(type, w.role).toLowerCase() === name.toLowerCase() || w.role === name,
  );
  if (!well) throw new RequestError(400, [{ message: `Data role ${name} was not found` }]);
  return well.role;
}

/** IVisualCapabilities: one data role per well, with the kind of field it takes. */
export function capabilitiesOf(type: VisualType, texts: EditorMessages) {
  return {
    dataRoles: WELLS[type].map((well) => ({
      name: roleName(type, well.role),
      displayName: texts.roles[well.role],
      kind:
        type === 'tableEx'
          ? VisualDataRoleKind.GroupingOrMeasure
          : well.kind === 'value'
            ? VisualDataRoleKind.Measure
            : VisualDataRoleKind.Grouping,
    })),
  };
}

const SCHEMA = 'http://powerbi.com/product/schema#';
/** powerbi-models' aggregation names; Power BI's 'Average' is the report's 'Avg'. */
const AGGREGATIONS = {
  Sum: 'Sum',
  Avg: 'Avg',
  Average: 'Avg',
  Min: 'Min',
  Max: 'Max',
  Count: 'Count',
  DistinctCount: 'DistinctCount',
} as const;
/** The automatic date hierarchy's levels by Power BI's level names (decision 0235). */
const DATE_LEVELS: Record<string, DatePart> = {
  Year: 'year',
  Quarter: 'quarter',
  Month: 'month',
  Day: 'day',
};
const levelName = (part: DatePart) => part[0]!.toUpperCase() + part.slice(1);

const notInDataset = (what: string) =>
  new RequestError(400, [{ message: `${what} was not found in the dataset` }]);

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * An ITarget as a FieldRef, checked against the dataset: a measure, a column (with
 * `aggregationFunction`), a level of a hierarchy, or a level (Year, Quarter, Month, Day) of a date
 * column's automatic hierarchy, named by the column.
 */
export function fieldOfTarget(target: unknown, dataset: DatasetSchema | undefined): FieldRef {
  if (!isRecord(target) || !text(target['table']))
    throw new RequestError(400, [{ message: 'dataField is invalid', path: 'table' }]);
  const tableName = target['table'];
  const table = dataset?.tables.find((t) => t.name === tableName);
  if (!table) throw notInDataset(`Table ${tableName}`);
  const { measure, column, hierarchy, hierarchyLevel, aggregationFunction } = target;
  if (text(measure)) {
    if (!table.measures.some((m) => m.name === measure))
      throw notInDataset(`Measure ${tableName}.${measure}`);
    return { table: tableName, measure };
  }
  let field: FieldRef;
  if (text(column)) {
    if (!table.columns.some((c) => c.name === column))
      throw notInDataset(`Column ${tableName}.${column}`);
    field = { table: tableName, column };
  } else if (text(hierarchy) && text(hierarchyLevel)) {
    field = hierarchyField(table, hierarchy, hierarchyLevel);
  } else {
    throw new RequestError(400, [
      { message: 'dataField is invalid: a column, measure or hierarchyLevel is required' },
    ]);
  }
  if (aggregationFunction === undefined) return field;
  const aggregation = AGGREGATIONS[String(aggregationFunction) as keyof typeof AGGREGATIONS];
  if (!aggregation || !('column' in field))
    throw new RequestError(400, [
      { message: `aggregationFunction ${String(aggregationFunction)} is not supported` },
    ]);
  return { ...field, aggregation };
}

function hierarchyField(
  table: DatasetSchema['tables'][number],
  hierarchy: string,
  level: string,
): FieldRef {
  const defined = table.hierarchies.find((h) => h.name === hierarchy);
  if (defined) {
    if (!defined.levels.some((l) => l.name === level))
      throw notInDataset(`Level ${hierarchy}.${level}`);
    return { table: table.name, hierarchy, hierarchyLevel: level };
  }
  const datePart = DATE_LEVELS[level];
  const column = table.columns.find((c) => c.name === hierarchy);
  if (!datePart || !column) throw notInDataset(`Hierarchy ${table.name}.${hierarchy}`);
  return { table: table.name, column: hierarchy, datePart };
}

/** A FieldRef as the ITarget Power BI's getDataFields answers with, `$schema` included. */
export function targetOfField(field: FieldRef) {
  if ('measure' in field)
    return { $schema: `${SCHEMA}measure`, table: field.table, measure: field.measure };
  if ('hierarchy' in field)
    return {
      $schema: `${SCHEMA}hierarchyLevel`,
      table: field.table,
      hierarchy: field.hierarchy,
      hierarchyLevel: field.hierarchyLevel,
    };
  if (field.datePart)
    return {
      $schema: `${SCHEMA}hierarchyLevel`,
      table: field.table,
      hierarchy: field.column,
      hierarchyLevel: levelName(field.datePart),
    };
  if (field.aggregation)
    return {
      $schema: `${SCHEMA}columnAggr`,
      table: field.table,
      column: field.column,
      aggregationFunction: field.aggregation,
    };
  return { $schema: `${SCHEMA}column`, table: field.table, column: field.column };
}
