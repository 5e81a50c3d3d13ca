/**
 * The powerbi-models filters the BI service evaluates, as Zod schemas. Every enum value comes
 * from `@vitrina/embed-sdk/protocol`, and the operator lists are checked against its types, so
 * the SDK, the frame and the service share one definition. Deliberate widenings of the SDK's
 * shapes (docs/decisions/0100-bi-model-contract.md): `$schema` and, for Basic and Advanced,
 * `filterType` may be left out (told apart by shape, as powerbi-models' getFilterType does), and
 * values may be `null` (blank).
 */
import {
  FilterType,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
  type AdvancedFilterConditionOperators,
  type AdvancedFilterLogicalOperators,
  type BasicFilterOperators,
  type IColumnTarget,
  type IHierarchyLevelTarget,
  type IMeasureTarget,
  type PrimitiveValue,
  type TopNFilterOperators,
} from '@vitrina/embed-sdk/protocol';
import { z } from 'zod';
import { fieldRefSchema, type DatePart } from './fields.ts';

/** Compiles only when `List` names every member of the protocol's union `Protocol`. */
type Exhaustive<Protocol extends string, List extends readonly Protocol[]> =
  Exclude<Protocol, List[number]> extends never ? List : never;
const exhaustive =
  <Protocol extends string>() =>
  <const List extends readonly Protocol[]>(list: Exhaustive<Protocol, List>) =>
    list;

const basicOperators = exhaustive<BasicFilterOperators>()(['In', 'NotIn', 'All']);
const logicalOperators = exhaustive<AdvancedFilterLogicalOperators>()(['And', 'Or']);
const topNOperators = exhaustive<TopNFilterOperators>()(['Top', 'Bottom']);
const conditionOperators = exhaustive<AdvancedFilterConditionOperators>()([
  'None',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Contains',
  'DoesNotContain',
  'StartsWith',
  'DoesNotStartWith',
  'Is',
  'IsNot',
  'IsBlank',
  'IsNotBlank',
]);

/**
 * The targets the service resolves: a column (or a level of its date hierarchy, decision 0235),
 * a hierarchy level or a measure.
 */
export type FilterTarget =
  (IColumnTarget & { datePart?: DatePart }) | IHierarchyLevelTarget | IMeasureTarget;
/** A filter value; `PrimitiveValue` of the protocol. */
export type Scalar = PrimitiveValue;

export const conditionOperatorSchema = z.enum(conditionOperators).meta({ id: 'ConditionOperator' });

const primitiveSchema = z.union([z.string().max(1000), z.number(), z.boolean()]);
const filterValueSchema = z.union([primitiveSchema, z.null()]);

const base = {
  $schema: z.string().optional(),
  target: fieldRefSchema,
  displaySettings: z.unknown().optional(),
};

export const basicFilterSchema = z
  .object({
    ...base,
    filterType: z.literal(FilterType.Basic).optional(),
    operator: z.enum(basicOperators),
    values: z.array(filterValueSchema).max(10_000),
    requireSingleSelection: z.boolean().optional(),
  })
  .meta({ id: 'BasicFilter' });

export const advancedFilterSchema = z
  .object({
    ...base,
    filterType: z.literal(FilterType.Advanced).optional(),
    logicalOperator: z.enum(logicalOperators),
    conditions: z
      .array(z.object({ operator: conditionOperatorSchema, value: filterValueSchema.optional() }))
      .min(1)
      .max(2),
  })
  .meta({ id: 'AdvancedFilter' });

export const relativeDateFilterSchema = z
  .object({
    ...base,
    filterType: z.literal(FilterType.RelativeDate),
    operator: z.literal([
      RelativeDateOperators.InLast,
      RelativeDateOperators.InThis,
      RelativeDateOperators.InNext,
    ]),
    timeUnitsCount: z.number().int().min(1).max(10_000),
    timeUnitType: z.literal([
      RelativeDateFilterTimeUnit.Days,
      RelativeDateFilterTimeUnit.Weeks,
      RelativeDateFilterTimeUnit.CalendarWeeks,
      RelativeDateFilterTimeUnit.Months,
      RelativeDateFilterTimeUnit.CalendarMonths,
      RelativeDateFilterTimeUnit.Years,
      RelativeDateFilterTimeUnit.CalendarYears,
    ]),
    includeToday: z.boolean(),
  })
  .meta({ id: 'RelativeDateFilter' });

export const topNFilterSchema = z
  .object({
    ...base,
    filterType: z.literal(FilterType.TopN),
    operator: z.enum(topNOperators),
    itemCount: z.number().int().min(1).max(30_000),
    orderBy: fieldRefSchema,
  })
  .meta({ id: 'TopNFilter' });

export const includeExcludeFilterSchema = z
  .object({
    ...base,
    filterType: z.literal(FilterType.IncludeExclude),
    isExclude: z.boolean(),
    values: z.array(filterValueSchema).max(10_000),
  })
  .meta({ id: 'IncludeExcludeFilter' });

/** Advanced's filterType 0 is falsy in powerbi-models, so Basic and Advanced come last, by shape. */
export const filterSchema = z
  .union([
    relativeDateFilterSchema,
    topNFilterSchema,
    includeExcludeFilterSchema,
    basicFilterSchema,
    advancedFilterSchema,
  ])
  .meta({ id: 'Filter' });

export type Filter = z.infer<typeof filterSchema>;
export type BasicFilter = z.infer<typeof basicFilterSchema>;
export type AdvancedFilter = z.infer<typeof advancedFilterSchema>;
export type AdvancedCondition = AdvancedFilter['conditions'][number];
export type ConditionOperator = AdvancedCondition['operator'];
export type RelativeDateFilter = z.infer<typeof relativeDateFilterSchema>;
export type TopNFilter = z.infer<typeof topNFilterSchema>;
export type IncludeExcludeFilter = z.infer<typeof includeExcludeFilterSchema>;
