/**
 * Power BI's automatic date hierarchy in the editor (decision 0235): a date column dropped on a
 * chart's axis becomes its levels Año > Trimestre > Mes > Día, drawn from the top; removing a
 * level from the well takes it out of the drill path. Tables, matrices, slicers and the rest keep
 * the plain date, as they show dates.
 */
import { DATE_PARTS, isDateType, type DatePart } from '@vitrina/bi-model';
import type { DataRole, DatasetSchema, FieldRef, VisualType } from '../api/types.ts';
import { groupingDataType } from '@vitrina/bi-model/visual-queries';
import { WELLS } from './wells.ts';

/** Axes that walk a list of levels with drill up and down (the matrix expands rows instead). */
const NOT_DRILLED = new Set<VisualType>(['pivotTable', 'scatterChart', 'tableEx', 'slicer']);

function isDateColumn(schema: DatasetSchema, field: FieldRef): boolean {
  return 'column' in field && isDateType(groupingDataType(schema, field));
}

/** The fields a dropped field becomes in a well: itself, or a date's hierarchy on a chart axis. */
export function fieldsForWell(
  schema: DatasetSchema | undefined,
  type: VisualType,
  role: DataRole,
  field: FieldRef,
): FieldRef[] {
  const well = WELLS[type].find((w) => w.role === role);
  const expands =
    schema !== undefined &&
    role === 'category' &&
    well?.max === undefined &&
    !NOT_DRILLED.has(type) &&
    'column' in field &&
    !field.datePart &&
    !field.aggregation &&
    isDateColumn(schema, field);
  if (!expands || !('column' in field)) return [field];
  return DATE_PARTS.map((datePart: DatePart) => ({
    table: field.table,
    column: field.column,
    datePart,
  }));
}
