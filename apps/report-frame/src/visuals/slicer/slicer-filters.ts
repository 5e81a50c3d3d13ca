/** The filters a slicer writes and reads back: In for lists, a range for between, relative date. */
import {
  FilterType,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
} from '@vitrina/embed-sdk/protocol';
import {
  SCHEMA,
  filterKind,
  type AdvancedCondition,
  type FilterTarget,
  type FrameFilter,
  type Scalar,
} from '../../query/filter-types.ts';

export function selectedValues(filters: FrameFilter[]): Scalar[] {
  const basic = filters.find((f) => 'values' in f && 'operator' in f && f.operator === 'In');
  const values = basic && 'values' in basic ? basic.values : [];
  return values.filter((value) => value !== null);
}

/** The between slicer's bounds as the inputs show them ('' for an open end). */
export function rangeOf(filters: FrameFilter[]): [string, string] {
  const advanced = filters.find((f) => 'conditions' in f);
  const conditions = advanced && 'conditions' in advanced ? advanced.conditions : [];
  const bound = (op: string) => String(conditions.find((c) => c.operator === op)?.value ?? '');
  return [bound('GreaterThanOrEqual'), bound('LessThanOrEqual')];
}

/** An advanced And filter for the range; no filter when both ends are open. */
export function rangeFilters(
  target: FilterTarget,
  from: Scalar | undefined,
  to: Scalar | undefined,
): FrameFilter[] {
  const conditions: AdvancedCondition[] = [];
  if (from !== undefined) conditions.push({ operator: 'GreaterThanOrEqual', value: from });
  if (to !== undefined) conditions.push({ operator: 'LessThanOrEqual', value: to });
  if (!conditions.length) return [];
  return [{ $schema: SCHEMA.advanced, target, filterType: 0, logicalOperator: 'And', conditions }];
}

export interface RelativeChoice {
  operator: RelativeDateOperators;
  count: number;
  unit: RelativeDateFilterTimeUnit;
}

/** Power BI's relative date slicer opens on "En los últimos 1 meses naturales"-like defaults. */
export const NO_RELATIVE: RelativeChoice = {
  operator: RelativeDateOperators.InLast,
  count: 1,
  unit: RelativeDateFilterTimeUnit.Months,
};

export function relativeOf(filters: FrameFilter[]): RelativeChoice | null {
  const found = filters.find((f) => filterKind(f) === 'relativeDate');
  if (!found || !('timeUnitType' in found)) return null;
  return { operator: found.operator, count: found.timeUnitsCount, unit: found.timeUnitType };
}

/** The powerbi-models RelativeDateFilter the BI service turns into a date range (today included). */
export function relativeFilters(target: FilterTarget, choice: RelativeChoice): FrameFilter[] {
  return [
    {
      $schema: SCHEMA.relativeDate,
      target,
      filterType: FilterType.RelativeDate,
      operator: choice.operator,
      timeUnitsCount: Math.max(1, Math.round(choice.count)),
      timeUnitType: choice.unit,
      includeToday: true,
    },
  ];
}
