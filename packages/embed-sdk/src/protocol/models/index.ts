/**
 * powerbi-models 1.2.1's surface: enums, interfaces, filter and selector classes, validators. The
 * runtime names are exactly 1.2.1's (host code may enumerate `models`); extras live beside it.
 */
export * from './enums.ts';
export * from './filter-types.ts';
export * from './selector-types.ts';
export * from './settings-types.ts';
export * from './config-types.ts';
export * from './report-types.ts';
export {
  Filter,
  IncludeExcludeFilter,
  NotSupportedFilter,
  RelativeDateFilter,
  TopNFilter,
  TupleFilter,
} from './filters.ts';
export { AdvancedFilter, BasicFilter, BasicFilterWithKeys } from './value-filters.ts';
export {
  PageSelector,
  Selector,
  SlicerTargetSelector,
  VisualSelector,
  VisualTypeSelector,
} from './selectors.ts';
export {
  getFilterType,
  isBasicFilterWithKeys,
  isColumn,
  isColumnAggr,
  isFilterKeyColumnsTarget,
  isHierarchyLevel,
  isHierarchyLevelAggr,
  isMeasure,
} from './filter-helpers.ts';
export * from './validators/index.ts';
