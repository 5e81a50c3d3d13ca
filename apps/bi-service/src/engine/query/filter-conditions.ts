/**
 * Filter → SQL condition for one resolved target (a column for WHERE, a measure for HAVING).
 * Values are coerced to the target's type and bound; a value of the wrong type is a 400.
 */
import {
  isDateType,
  type AdvancedFilter,
  type BasicFilter,
  type ConditionOperator,
  type DataType,
  type IncludeExcludeFilter,
} from '@vitrina/bi-model';
import type { ResolvedColumn, ResolvedMeasure } from '../dataset-model.ts';
import { QueryError } from '../query-error.ts';
import type { DateRange } from './relative-date.ts';
import { join, param, raw, sql, type Fragment } from '../sql.ts';

type Target = ResolvedColumn | ResolvedMeasure;
type Value = string | number | boolean | null | undefined;

export const TRUE = raw('TRUE');
export const FALSE = raw('FALSE');

function targetSql(target: Target): Fragment {
  return target.kind === 'column' ? target.value : target.expression;
}

function targetType(target: Target): DataType {
  return target.type;
}

/** A bound value with the cast that makes DuckDB compare it as the target's type. */
function typedValue(value: Value, dataType: DataType, label: string): Fragment {
  switch (dataType) {
    case 'string':
      return param(String(value));
    case 'integer':
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || value === '' || !Number.isFinite(number)) {
        throw new QueryError(`Not a number for ${label}: ${String(value)}`);
      }
      return sql`CAST(${param(number)} AS DOUBLE)`;
    }
    case 'date': {
      const text = String(value);
      if (!/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(text))
        throw new QueryError(`Not a date for ${label}: ${text}`);
      return sql`CAST(${param(text.slice(0, 10))} AS DATE)`;
    }
    case 'datetime': {
      const text = String(value);
      if (!/^\d{4}-\d{2}-\d{2}(?:$|[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$)/.test(text))
        throw new QueryError(`Not a date and time for ${label}: ${text}`);
      return sql`CAST(${param(text.replace('T', ' '))} AS TIMESTAMP)`;
    }
    case 'boolean':
      if (typeof value !== 'boolean' && value !== 'true' && value !== 'false') {
        throw new QueryError(`Not a boolean for ${label}: ${String(value)}`);
      }
      return param(value === true || value === 'true');
  }
}

/** `target IN (…)`, with null values matched by IS NULL (SQL's IN never matches NULL). */
export function inList(target: Target, values: readonly Value[]): Fragment {
  const expression = targetSql(target);
  const present = values.filter(
    (value): value is string | number | boolean => value !== null && value !== undefined,
  );
  const parts: Fragment[] = [];
  if (present.length > 0) {
    const list = join(
      present.map((value) => typedValue(value, targetType(target), target.label)),
      ', ',
    );
    parts.push(sql`${expression} IN (${list})`);
  }
  if (present.length < values.length) parts.push(sql`${expression} IS NULL`);
  return parts.length === 0 ? FALSE : sql`(${join(parts, ' OR ')})`;
}

function negate(condition: Fragment): Fragment {
  // COALESCE keeps rows whose value is NULL when the positive test is unknown.
  return sql`NOT COALESCE(${condition}, FALSE)`;
}

export function basicCondition(target: Target, filter: BasicFilter): Fragment {
  if (filter.operator === 'All') return TRUE;
  const positive = inList(target, filter.values);
  return filter.operator === 'In' ? positive : negate(positive);
}

export function includeExcludeCondition(target: Target, filter: IncludeExcludeFilter): Fragment {
  const positive = inList(target, filter.values);
  return filter.isExclude ? negate(positive) : positive;
}

function textTest(target: Target, value: Value, test: 'contains' | 'starts_with'): Fragment {
  if (targetType(target) !== 'string')
    throw new QueryError(`Text operators need a text field: ${target.label}`);
  return sql`${raw(test)}(lower(${targetSql(target)}), lower(${param(String(value ?? ''))}))`;
}

const comparisons: Partial<Record<ConditionOperator, string>> = {
  LessThan: '<',
  LessThanOrEqual: '<=',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  Is: '=',
};

function conditionSql(target: Target, operator: ConditionOperator, value: Value): Fragment {
  const expression = targetSql(target);
  const blank =
    targetType(target) === 'string'
      ? sql`(${expression} IS NULL OR ${expression} = '')`
      : sql`${expression} IS NULL`;
  const comparison = comparisons[operator];
  if (comparison) {
    if (value === null || value === undefined) return operator === 'Is' ? blank : FALSE;
    return sql`${expression} ${raw(comparison)} ${typedValue(value, targetType(target), target.label)}`;
  }
  switch (operator) {
    case 'None':
      return TRUE;
    case 'IsNot':
      return value === null || value === undefined
        ? negate(blank)
        : negate(conditionSql(target, 'Is', value));
    case 'Contains':
      return textTest(target, value, 'contains');
    case 'DoesNotContain':
      return negate(textTest(target, value, 'contains'));
    case 'StartsWith':
      return textTest(target, value, 'starts_with');
    case 'DoesNotStartWith':
      return negate(textTest(target, value, 'starts_with'));
    case 'IsBlank':
      return blank;
    case 'IsNotBlank':
      return negate(blank);
    default:
      throw new QueryError(`Unsupported condition operator: ${operator}`);
  }
}

export function advancedCondition(target: Target, filter: AdvancedFilter): Fragment {
  const parts = filter.conditions.map((condition) =>
    conditionSql(target, condition.operator, condition.value),
  );
  return sql`(${join(parts, filter.logicalOperator === 'Or' ? ' OR ' : ' AND ')})`;
}

export function dateRangeCondition(target: ResolvedColumn, range: DateRange): Fragment {
  if (!isDateType(target.type))
    throw new QueryError(`Relative date filters need a date column: ${target.label}`);
  // A range of days takes every time of its last day too.
  const day =
    target.type === 'datetime' ? sql`CAST(${targetSql(target)} AS DATE)` : targetSql(target);
  return sql`${day} BETWEEN ${typedValue(range.start, 'date', target.label)} AND ${typedValue(range.end, 'date', target.label)}`;
}
