import { FilterType } from './enums.ts';
import type {
  IColumnAggrTarget,
  IColumnTarget,
  IFilter,
  IHierarchyLevelAggrTarget,
  IHierarchyLevelTarget,
  IMeasureTarget,
} from './filter-types.ts';
import { isObject } from '../guards.ts';

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields {
  return isObject(value) ? value : {};
}

/**
 * The filter's kind: its `filterType` when truthy, otherwise guessed from its shape. As in
 * 1.2.1, `filterType: 0` (Advanced) counts as missing, so an advanced filter is recognized by its
 * `logicalOperator` and `conditions`; one without them comes back Unknown. Kept for compatibility.
 */
export function getFilterType(filter: IFilter): FilterType {
  const fields = fieldsOf(filter);
  if (filter.filterType) return filter.filterType;
  if (typeof fields['operator'] === 'string' && Array.isArray(fields['values']))
    return FilterType.Basic;
  if (typeof fields['logicalOperator'] === 'string' && Array.isArray(fields['conditions']))
    return FilterType.Advanced;
  return FilterType.Unknown;
}

export function isMeasure(target: unknown): target is IMeasureTarget {
  const fields = fieldsOf(target);
  return fields['table'] !== undefined && fields['measure'] !== undefined;
}

export function isColumn(target: unknown): target is IColumnTarget {
  const fields = fieldsOf(target);
  return Boolean(fields['table'] && fields['column'] && !fields['aggregationFunction']);
}

export function isColumnAggr(target: unknown): target is IColumnAggrTarget {
  const fields = fieldsOf(target);
  return Boolean(fields['table'] && fields['column'] && fields['aggregationFunction']);
}

export function isHierarchyLevel(target: unknown): target is IHierarchyLevelTarget {
  const fields = fieldsOf(target);
  return Boolean(
    fields['table'] &&
    fields['hierarchy'] &&
    fields['hierarchyLevel'] &&
    !fields['aggregationFunction'],
  );
}

export function isHierarchyLevelAggr(target: unknown): target is IHierarchyLevelAggrTarget {
  const fields = fieldsOf(target);
  return Boolean(
    fields['table'] &&
    fields['hierarchy'] &&
    fields['hierarchyLevel'] &&
    fields['aggregationFunction'],
  );
}

export function isFilterKeyColumnsTarget(target: unknown): boolean {
  return isColumn(target) && Boolean(fieldsOf(target)['keys']);
}

export function isBasicFilterWithKeys(filter: IFilter): boolean {
  return getFilterType(filter) === FilterType.Basic && Boolean(fieldsOf(filter)['keyValues']);
}
