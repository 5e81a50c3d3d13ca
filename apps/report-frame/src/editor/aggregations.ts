/**
 * The aggregations a field's menu offers, by the column's type, as Power BI does (decision 0235):
 * numbers every one; dates and texts their first and last (MIN/MAX), counts and distinct counts;
 * yes/no columns the counts. Each is one the BI service answers for that type.
 */
import { isDateType, type Aggregation } from '@vitrina/bi-model';
import type { DataType } from '../api/types.ts';
import type { EditorMessages } from './editor-messages.ts';

const COUNTS: Aggregation[] = ['Count', 'DistinctCount'];

export function aggregationsFor(dataType: DataType | undefined): Aggregation[] {
  switch (dataType) {
    case 'integer':
    case 'number':
      return ['Sum', 'Avg', 'Min', 'Max', ...COUNTS];
    case 'date':
    case 'datetime':
    case 'string':
      return ['Min', 'Max', ...COUNTS];
    default:
      return COUNTS;
  }
}

/** The menu's name for an aggregation of a column of `dataType` ("Primera" for a date's Min). */
export function aggregationLabel(
  aggregation: Aggregation,
  dataType: DataType | undefined,
  texts: EditorMessages,
): string {
  const firstLast = isDateType(dataType)
    ? texts.dateMinMax
    : dataType === 'string'
      ? texts.textMinMax
      : {};
  return firstLast[aggregation] ?? texts.aggregations[aggregation] ?? aggregation;
}
