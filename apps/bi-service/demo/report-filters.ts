/** Filters of the demo reports, in the embed API's shapes (basic, advanced, Top N, exclude). */
import type { FieldRef, Filter } from '@vitrina/bi-model';
import { Schemas } from '@vitrina/embed-sdk/protocol';

export const basicFilter = (
  target: FieldRef,
  operator: 'In' | 'NotIn' | 'All',
  values: (string | number | boolean)[],
): Filter => ({
  $schema: Schemas.basic,
  target,
  filterType: 1,
  operator,
  values,
});
export const advancedFilter = (
  target: FieldRef,
  logicalOperator: 'And' | 'Or',
  conditions: {
    operator:
      'GreaterThan' | 'GreaterThanOrEqual' | 'LessThan' | 'LessThanOrEqual' | 'Is' | 'IsNotBlank';
    value?: string | number;
  }[],
): Filter => ({ $schema: Schemas.advanced, target, filterType: 0, logicalOperator, conditions });
export const topNFilter = (
  target: FieldRef,
  operator: 'Top' | 'Bottom',
  itemCount: number,
  orderBy: FieldRef,
): Filter => ({
  $schema: Schemas.topN,
  target,
  filterType: 5,
  operator,
  itemCount,
  orderBy,
});
export const excludeFilter = (target: FieldRef, values: string[]): Filter => ({
  $schema: Schemas.includeExclude,
  target,
  filterType: 3,
  isExclude: true,
  values,
});
