import type { FilterType, RelativeDateFilterTimeUnit, RelativeDateOperators } from './enums.ts';

export interface IBaseTarget {
  table: string;
  $schema?: string;
}

export interface IColumnTarget extends IBaseTarget {
  column: string;
}

export interface IKeyColumnsTarget extends IColumnTarget {
  keys: string[];
}

export interface IHierarchyLevelTarget extends IBaseTarget {
  hierarchy: string;
  hierarchyLevel: string;
}

export interface IKeyHierarchyTarget extends IHierarchyLevelTarget {
  keys: string[];
}

export interface IMeasureTarget extends IBaseTarget {
  measure: string;
}

export interface IAggregationTarget {
  aggregationFunction: string;
}

export interface IColumnAggrTarget extends IColumnTarget, IAggregationTarget {}
export interface IHierarchyLevelAggrTarget extends IHierarchyLevelTarget, IAggregationTarget {}

export type INotSupportedTarget = IBaseTarget;

export type IFilterTarget =
  IColumnTarget | IHierarchyLevelTarget | IMeasureTarget | INotSupportedTarget;
export type IFilterKeyTarget = IKeyColumnsTarget | IKeyHierarchyTarget;
export type IFilterGeneralTarget = IFilterTarget | IFilterKeyTarget | ITupleFilterTarget;
export type ITupleFilterTarget = IFilterTarget[];

/** The powerbi-models names of the same targets, kept for code written against them. */
export type IFilterColumnTarget = IColumnTarget;
export type IFilterKeyColumnsTarget = IKeyColumnsTarget;
export type IFilterHierarchyTarget = IHierarchyLevelTarget;
export type IFilterKeyHierarchyTarget = IKeyHierarchyTarget;
export type IFilterMeasureTarget = IMeasureTarget;
export type INotSupportedFilterTarget = INotSupportedTarget;

export interface IFilterDisplaySettings {
  isLockedInViewMode?: boolean;
  isHiddenInViewMode?: boolean;
  displayName?: string;
}

export interface IFilter {
  $schema: string;
  target: IFilterGeneralTarget;
  filterType: FilterType;
  displaySettings?: IFilterDisplaySettings;
}

export type PrimitiveValue = string | number | boolean;

export type BasicFilterOperators = 'In' | 'NotIn' | 'All';
export type AdvancedFilterLogicalOperators = 'And' | 'Or';
export type AdvancedFilterConditionOperators =
  | 'None'
  | 'LessThan'
  | 'LessThanOrEqual'
  | 'GreaterThan'
  | 'GreaterThanOrEqual'
  | 'Contains'
  | 'DoesNotContain'
  | 'StartsWith'
  | 'DoesNotStartWith'
  | 'Is'
  | 'IsNot'
  | 'IsBlank'
  | 'IsNotBlank';
export type TopNFilterOperators = 'Top' | 'Bottom';
export type TupleFilterOperators = 'In';

export interface IBasicFilter extends IFilter {
  operator: BasicFilterOperators;
  values: PrimitiveValue[];
}

export interface IBasicFilterWithKeys extends IBasicFilter {
  target: IFilterKeyTarget;
  keyValues: PrimitiveValue[][];
}

export interface IAdvancedFilterCondition {
  value?: PrimitiveValue;
  operator: AdvancedFilterConditionOperators;
}

export interface IAdvancedFilter extends IFilter {
  logicalOperator: AdvancedFilterLogicalOperators;
  conditions: IAdvancedFilterCondition[];
}

export interface IRelativeDateFilter extends IFilter {
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
  includeToday: boolean;
}

export interface ITopNFilter extends IFilter {
  operator: TopNFilterOperators;
  itemCount: number;
  orderBy: IFilterTarget;
}

export interface IIncludeExcludeFilter extends IFilter {
  values: PrimitiveValue[];
  isExclude: boolean;
}

export interface INotSupportedFilter extends IFilter {
  message: string;
  notSupportedTypeName: string;
}

export type TupleValueMember = { value: PrimitiveValue; keyValues?: PrimitiveValue[] };
export type TupleValue = TupleValueMember[];

export interface ITupleFilter extends IFilter {
  target: ITupleFilterTarget;
  operator: TupleFilterOperators;
  values: TupleValue[];
}

/** The filters a report load config and slicer states accept (powerbi-models 1.2.1). */
export type ReportLevelFilters = IBasicFilter | IAdvancedFilter | IRelativeDateFilter;
export type ISlicerFilter = IBasicFilter | IAdvancedFilter | IRelativeDateFilter;
