/** Helpers over FieldRef: what a field is (grouping or measure), its label and its filter target. */
import type { DatasetSchema, FieldRef } from '../api/types.ts';
import type { FilterTarget } from './filter-types.ts';
export declare function isMeasureField(field: FieldRef): boolean;
export declare function fieldLabel(field: FieldRef): string;
/**
 * The axis field at a drill depth. A category role listing several levels (a hierarchy from the
 * top) walks down that list; a single hierarchy level walks down the dataset's hierarchy.
 */
export declare function axisFieldAtDepth(schema: DatasetSchema, category: FieldRef[], depth: number): FieldRef | undefined;
export declare function axisDrillableDepth(schema: DatasetSchema, category: FieldRef[]): number;
/** The filter target for a grouping field: hierarchy levels resolve to their column. */
export declare function filterTargetOf(schema: DatasetSchema, field: FieldRef): FilterTarget;
