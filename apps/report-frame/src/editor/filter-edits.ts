/**
 * Filters added from the Data pane at report, page or visual level, of the four kinds of the
 * embedding interface. Each starts as Power BI's new filter card of its kind: basic and advanced
 * keep every row until the author picks values or conditions (operator `All`, condition `None`);
 * relative date and top N start at a first useful setting (the last year, the top 10), which the
 * filter pane or the SDK then changes.
 */
import {
  isDateType,
  type DataType,
  type FieldRef,
  type Filter,
  type ReportDefinition,
} from '@vitrina/bi-model';
import {
  FilterType,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
} from '@vitrina/embed-sdk/protocol';
import { SCHEMA } from '../query/filter-types.ts';
import { editPage } from './page-edits.ts';
import { addVisualFilter } from './visual-edits.ts';

export type FilterLevel = 'report' | 'page' | 'visual';
export type NewFilterKind = 'basic' | 'advanced' | 'relativeDate' | 'topN';

/** A field of the Data pane as a filter sees it: a measure, or a column with its data type. */
export type FilterField =
  | { target: FieldRef & { measure: string } }
  | { target: FieldRef & { column: string }; dataType: DataType };

const isMeasure = (field: FilterField) => 'measure' in field.target;

/**
 * The kinds a field may take, its default first: a measure is compared (advanced) and filtered
 * per visual only, as in Power BI; relative date is for dates; top N needs a value to rank by.
 */
export function filterKindsFor(field: FilterField, canRank: boolean): NewFilterKind[] {
  if (!('dataType' in field)) return ['advanced'];
  const ranked: NewFilterKind[] = canRank ? ['topN'] : [];
  if (isDateType(field.dataType)) return ['relativeDate', 'basic', 'advanced', ...ranked];
  if (field.dataType === 'integer' || field.dataType === 'number')
    return ['advanced', 'basic', ...ranked];
  return ['basic', 'advanced', ...ranked];
}

export function filterLevelsFor(field: FilterField, hasVisual: boolean): FilterLevel[] {
  if (isMeasure(field)) return hasVisual ? ['visual'] : [];
  return hasVisual ? ['report', 'page', 'visual'] : ['report', 'page'];
}

/** A new filter of `kind` on `target`; top N ranks by `orderBy` (a measure or aggregated column). */
export function newFilter(kind: NewFilterKind, target: FieldRef, orderBy?: FieldRef): Filter {
  switch (kind) {
    case 'advanced':
      return {
        $schema: SCHEMA.advanced,
        target,
        filterType: FilterType.Advanced,
        logicalOperator: 'And',
        conditions: [{ operator: 'None' }],
      };
    case 'relativeDate':
      return {
        $schema: SCHEMA.relativeDate,
        target,
        filterType: FilterType.RelativeDate,
        operator: RelativeDateOperators.InLast,
        timeUnitsCount: 1,
        timeUnitType: RelativeDateFilterTimeUnit.Years,
        includeToday: true,
      };
    case 'topN':
      if (!orderBy) throw new Error('A top N filter needs a value to rank by');
      return {
        $schema: SCHEMA.topN,
        target,
        filterType: FilterType.TopN,
        operator: 'Top',
        itemCount: 10,
        orderBy,
      };
    case 'basic':
      return {
        $schema: SCHEMA.basic,
        target,
        filterType: FilterType.Basic,
        operator: 'All',
        values: [],
      };
  }
}

export function addFilter(
  def: ReportDefinition,
  level: FilterLevel,
  filter: Filter,
  pageName: string | undefined,
  visualName: string | null,
): ReportDefinition {
  if (level === 'report') return { ...def, filters: [...(def.filters ?? []), filter] };
  if (!pageName) return def;
  if (level === 'page')
    return editPage(def, pageName, (p) => ({ ...p, filters: [...(p.filters ?? []), filter] }));
  if (!visualName) return def;
  return editPage(def, pageName, (p) => addVisualFilter(p, visualName, filter));
}
