/**
 * The frame's helpers over filters. The shapes are the contract's (@vitrina/bi-model, built on the
 * powerbi-models enums of @vitrina/embed-sdk/protocol); validation of anything the host sends is
 * the protocol core's job.
 */
import type { Filter, FilterTarget } from '@vitrina/bi-model';
export type { AdvancedCondition, ConditionOperator, Filter as FrameFilter, FilterTarget, Scalar, } from '@vitrina/bi-model';
export { Schemas as SCHEMA } from '@vitrina/embed-sdk/protocol';
/** Same rule as powerbi-models' getFilterType: a falsy filterType (Advanced is 0) means "look at the shape". */
export declare function filterKind(filter: Filter): 'basic' | 'advanced' | 'relativeDate' | 'topN' | 'other';
export declare function targetKey(target: FilterTarget): string;
export declare function targetLabel(target: FilterTarget): string;
