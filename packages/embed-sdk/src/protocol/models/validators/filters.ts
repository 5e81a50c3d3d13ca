import { Schemas } from '../schemas.ts';
import {
  anyOf,
  arrayOf,
  arrayOfType,
  boolean,
  number,
  numberEnum,
  objectWith,
  oneOf,
  required,
  string,
} from './engine.ts';
import type { IValidator } from './engine.ts';

/** Targets, filters and selectors, field for field as powerbi-models 1.2.1 checks them. */

const columnTargetRules = { table: [required, string], column: [required, string] };
const hierarchyTargetRules = {
  table: [required, string],
  hierarchy: [required, string],
  hierarchyLevel: [required, string],
};
const keysRules = { keys: [required, arrayOfType('string')] };

export const filterColumnTargetValidator = objectWith(columnTargetRules);
const filterKeyColumnsTargetValidator = objectWith(columnTargetRules, keysRules);
export const filterHierarchyTargetValidator = objectWith(hierarchyTargetRules);
const filterKeyHierarchyTargetValidator = objectWith(hierarchyTargetRules, keysRules);
export const filterMeasureTargetValidator = objectWith({
  table: [required, string],
  measure: [required, string],
});

export const filterTargetValidator = anyOf(
  filterColumnTargetValidator,
  filterHierarchyTargetValidator,
  filterMeasureTargetValidator,
);

export const slicerTargetValidator = anyOf(
  filterColumnTargetValidator,
  filterHierarchyTargetValidator,
  filterMeasureTargetValidator,
  filterKeyColumnsTargetValidator,
  filterKeyHierarchyTargetValidator,
);

export const anyValueValidator = anyOf(string, number, boolean);
export const anyArrayValidator = arrayOf(anyValueValidator);
export const conditionItemValidator = objectWith({
  value: [anyValueValidator],
  operator: [required, string],
});

export const basicFilterValidator = objectWith({
  target: [required, filterTargetValidator],
  operator: [required, string],
  values: [required, anyArrayValidator],
  filterType: [numberEnum([1])],
});

export const advancedFilterValidator = objectWith({
  target: [required, filterTargetValidator],
  logicalOperator: [required, string],
  conditions: [required, arrayOf(conditionItemValidator)],
  filterType: [numberEnum([0])],
});

export const relativeDateFilterValidator = objectWith({
  target: [required, filterTargetValidator],
  operator: [required, numberEnum([0, 1, 2])],
  timeUnitsCount: [required, number],
  timeUnitType: [required, numberEnum([0, 1, 2, 3, 4, 5, 6])],
  includeToday: [required, boolean],
  filterType: [numberEnum([4])],
});

export const topNFilterValidator = objectWith({
  target: [required, filterTargetValidator],
  operator: [required, string],
  itemCount: [required, number],
  filterType: [numberEnum([5])],
  orderBy: [required, filterTargetValidator],
});

export const notSupportedFilterValidator = objectWith({
  target: [filterTargetValidator],
  message: [required, string],
  notSupportedTypeName: [required, string],
  filterType: [numberEnum([2])],
});

export const includeExcludeFilterValidator = objectWith({
  target: [required, filterTargetValidator],
  isExclude: [required, boolean],
  values: [required, anyArrayValidator],
  filterType: [numberEnum([3])],
});

/** Any single filter but a tuple filter; no object check of its own, hence `undefined property is invalid`. */
export const filterValidator = anyOf(
  basicFilterValidator,
  advancedFilterValidator,
  includeExcludeFilterValidator,
  notSupportedFilterValidator,
  relativeDateFilterValidator,
  topNFilterValidator,
);

/** What load configs and slicer states accept in `filters`. */
export const filtersArrayValidator = arrayOf(
  anyOf(basicFilterValidator, advancedFilterValidator, relativeDateFilterValidator),
);

export const visualSelectorValidator = objectWith({
  $schema: [string, oneOf([Schemas.visualSelector])],
  visualName: [required, string],
});

export const visualTypeSelectorValidator = objectWith({
  $schema: [required, string, oneOf([Schemas.visualTypeSelector])],
  visualType: [required, string],
});

const slicerTargetSelectorValidator = objectWith({
  $schema: [required, string, oneOf([Schemas.slicerTargetSelector])],
  target: [required, slicerTargetValidator],
});

/** Where a command or header applies: one visual, or every visual of a type. */
export const visualOrTypeSelectorValidator: IValidator = anyOf(
  visualSelectorValidator,
  visualTypeSelectorValidator,
);

export const slicerSelectorValidator = anyOf(
  visualSelectorValidator,
  slicerTargetSelectorValidator,
);

export const slicerStateValidator = objectWith({ filters: [filtersArrayValidator] });

export const slicerValidator = objectWith({
  selector: [required, slicerSelectorValidator],
  state: [required, slicerStateValidator],
});
