/**
 * The filter shapes the frame reads and writes (powerbi-models 1.2.1 JSON). Validation of
 * anything the host sends is the protocol core's job; these types only describe what the frame
 * itself builds (slicers, filter pane, cross-filtering) and inspects (target, filterType).
 */
export type ColumnTarget = { table: string; column: string };
export type HierarchyTarget = { table: string; hierarchy: string; hierarchyLevel: string };
export type MeasureTarget = { table: string; measure: string };
export type FilterTarget = ColumnTarget | HierarchyTarget | MeasureTarget;

export const FilterType = {
  Advanced: 0,
  Basic: 1,
  Unknown: 2,
  IncludeExclude: 3,
  RelativeDate: 4,
  TopN: 5,
} as const;

export const SCHEMA = {
  basic: 'http://powerbi.com/product/schema#basic',
  advanced: 'http://powerbi.com/product/schema#advanced',
  relativeDate: 'http://powerbi.com/product/schema#relativeDate',
  topN: 'http://powerbi.com/product/schema#topN',
} as const;

export type Scalar = string | number | boolean;

export interface BasicFilter {
  $schema?: string;
  target: FilterTarget;
  filterType?: 1;
  operator: 'In' | 'NotIn' | 'All';
  values: Scalar[];
}

export interface AdvancedCondition {
  operator: string;
  value?: Scalar;
}

export interface AdvancedFilter {
  $schema?: string;
  target: FilterTarget;
  filterType?: 0;
  logicalOperator: 'And' | 'Or';
  conditions: AdvancedCondition[];
}

export interface RelativeDateFilter {
  $schema?: string;
  target: FilterTarget;
  filterType: 4;
  operator: 0 | 1 | 2;
  timeUnitsCount: number;
  timeUnitType: number;
  includeToday: boolean;
}

export interface TopNFilter {
  $schema?: string;
  target: FilterTarget;
  filterType: 5;
  operator: 'Top' | 'Bottom';
  itemCount: number;
  orderBy: FilterTarget;
}

export type FrameFilter = BasicFilter | AdvancedFilter | RelativeDateFilter | TopNFilter;

/** Same rule as powerbi-models' getFilterType: a falsy filterType (Advanced is 0) means "look at the shape". */
export function filterKind(
  filter: FrameFilter,
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
  if ('column' in target) return `${target.table}.${target.column}`;
  if ('measure' in target) return `${target.table}.${target.measure}`;
  return `${target.table}.${target.hierarchy}.${target.hierarchyLevel}`;
}

export function targetLabel(target: FilterTarget): string {
  if ('column' in target) return target.column;
  if ('measure' in target) return target.measure;
  return target.hierarchyLevel;
}
