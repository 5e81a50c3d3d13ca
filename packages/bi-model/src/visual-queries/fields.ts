/** Helpers over FieldRef: what a field is (grouping or measure), its label and its filter target. */
import type { DatasetSchema } from '../dataset.ts';
import type { DataType, FieldRef } from '../fields.ts';
import type { FilterTarget } from '../filters.ts';

export function isMeasureField(field: FieldRef): boolean {
  return 'measure' in field || ('column' in field && field.aggregation !== undefined);
}

function isHierarchyField(field: FieldRef): field is Extract<FieldRef, { hierarchy: string }> {
  return 'hierarchy' in field;
}

/**
 * The type of the values a grouping field gives: its column's (a hierarchy level's column), or
 * whole numbers for a part of a date. Undefined for a measure or a name the dataset lacks.
 */
export function groupingDataType(schema: DatasetSchema, field: FieldRef): DataType | undefined {
  if ('measure' in field) return undefined;
  if ('column' in field && field.datePart) return 'integer';
  const column =
    'column' in field
      ? field.column
      : hierarchyLevels(schema, field).find((l) => l.name === field.hierarchyLevel)?.column;
  const table = schema.tables.find((t) => t.name === field.table);
  return table?.columns.find((c) => c.name === column)?.dataType;
}

export function fieldLabel(field: FieldRef): string {
  if (field.displayName) return field.displayName;
  if ('measure' in field) return field.measure;
  if ('column' in field) return field.column;
  return field.hierarchyLevel;
}

function hierarchyLevels(
  schema: DatasetSchema,
  field: FieldRef,
): { name: string; column: string }[] {
  if (!isHierarchyField(field)) return [];
  const table = schema.tables.find((t) => t.name === field.table);
  return table?.hierarchies.find((h) => h.name === field.hierarchy)?.levels ?? [];
}

/** The field shown at a drill depth: a hierarchy field moves down its levels, anything else stays. */
function fieldAtDepth(schema: DatasetSchema, field: FieldRef, depth: number): FieldRef {
  if (!isHierarchyField(field) || depth === 0) return field;
  const levels = hierarchyLevels(schema, field);
  const start = Math.max(
    0,
    levels.findIndex((l) => l.name === field.hierarchyLevel),
  );
  const level = levels[Math.min(start + depth, levels.length - 1)];
  return level
    ? { table: field.table, hierarchy: field.hierarchy, hierarchyLevel: level.name }
    : field;
}

/**
 * The axis field at a drill depth. A category role listing several levels (a hierarchy from the
 * top) walks down that list; a single hierarchy level walks down the dataset's hierarchy.
 */
export function axisFieldAtDepth(
  schema: DatasetSchema,
  category: FieldRef[],
  depth: number,
): FieldRef | undefined {
  if (category.length > 1) return category[Math.min(depth, category.length - 1)];
  const first = category[0];
  return first ? fieldAtDepth(schema, first, depth) : undefined;
}

export function axisDrillableDepth(schema: DatasetSchema, category: FieldRef[]): number {
  if (category.length > 1) return category.length - 1;
  const first = category[0];
  return first ? drillableDepth(schema, first) : 0;
}

/** How many levels below a field can be drilled into (0 for plain columns). */
function drillableDepth(schema: DatasetSchema, field: FieldRef): number {
  const levels = hierarchyLevels(schema, field);
  if (levels.length === 0 || !isHierarchyField(field)) return 0;
  const start = Math.max(
    0,
    levels.findIndex((l) => l.name === field.hierarchyLevel),
  );
  return levels.length - 1 - start;
}

/**
 * The filter target for a grouping field: hierarchy levels resolve to their column; a date level
 * keeps its part, so a drill into "2024" filters the year, not the day (decision 0235).
 */
export function filterTargetOf(schema: DatasetSchema, field: FieldRef): FilterTarget {
  if ('measure' in field) return { table: field.table, measure: field.measure };
  if ('column' in field) {
    const target = { table: field.table, column: field.column };
    return field.datePart ? { ...target, datePart: field.datePart } : target;
  }
  const level = hierarchyLevels(schema, field).find((l) => l.name === field.hierarchyLevel);
  return { table: field.table, column: level?.column ?? field.hierarchyLevel };
}
