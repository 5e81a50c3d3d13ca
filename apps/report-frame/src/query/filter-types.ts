/**
 * The frame's helpers over filters. The shapes are the contract's (@vitrina/bi-model, built on the
 * powerbi-models enums of @vitrina/embed-sdk/protocol); validation of anything the host sends is
 * the protocol core's job.
 */
import type { Filter, FilterTarget } from '@vitrina/bi-model';
import { FilterType } from '@vitrina/embed-sdk/protocol';

export type {
  AdvancedCondition,
  ConditionOperator,
  Filter as FrameFilter,
  FilterTarget,
  Scalar,
} from '@vitrina/bi-model';
export { Schemas as SCHEMA } from '@vitrina/embed-sdk/protocol';

/** Same rule as powerbi-models' getFilterType: a falsy filterType (Advanced is 0) means "look at the shape". */
export function filterKind(
  filter: Filter,
): 'basic' | 'advanced' | 'relativeDate' | 'topN' | 'other' {
  const type = filter.filterType;
  if (type === FilterType.Basic) return 'basic';
  if (type === FilterType.RelativeDate) return 'relativeDate';
  if (type === FilterType.TopN) return 'topN';
  if (type === FilterType.Advanced || type === undefined) {
    if ('logicalOperator' in filter && 'conditions' in filter) return 'advanced';
    if ('operator' in filter && 'values' in filter) return 'basic';
  }
  return 'other';
}

export function targetKey(target: FilterTarget): string {
  if ('column' in target) {
    // A date level (decision 0235) is its own target: the year 2024 is not the day 2024.
    return `${target.table}.${target.column}${target.datePart ? `:${target.datePart}` : ''}`;
  }
  if ('measure' in target) return `${target.table}.${target.measure}`;
  return `${target.table}.${target.hierarchy}.${target.hierarchyLevel}`;
}

export function targetLabel(target: FilterTarget): string {
  if ('column' in target) return target.column;
  if ('measure' in target) return target.measure;
  return target.hierarchyLevel;
}
