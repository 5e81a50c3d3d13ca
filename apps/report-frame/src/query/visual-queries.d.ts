/**
 * Turns a visual definition plus the current interaction state into BI queries. Rows come back
 * with the groupBy columns first and the measures after them, in the order asked.
 */
import type { SortDirection } from '@vitrina/embed-sdk/protocol';
import type { DatasetSchema, Query, VisualDefinition } from '../api/types.ts';
import type { FilterTarget, FrameFilter } from './filter-types.ts';
export interface SortState {
    target: FilterTarget;
    direction: SortDirection;
}
export interface VisualQueryInput {
    visual: VisualDefinition;
    schema: DatasetSchema;
    filters: FrameFilter[];
    sort?: SortState | undefined;
    drillDepth?: number;
}
/** Named queries, so that a renderer can find the one it needs (pivot subtotals, KPI trend, …). */
export type VisualQueries = Record<string, Query>;
export declare function queriesForVisual(input: VisualQueryInput): VisualQueries;
