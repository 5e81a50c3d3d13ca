/** The fields a demo visual shows: columns, measures and hierarchy levels of the demo models. */
import type { FieldRef } from '@vitrina/bi-model';

export const column = (table: string, name: string, displayName?: string): FieldRef => ({
  table,
  column: name,
  ...(displayName ? { displayName } : {}),
});
export const measure = (table: string, name: string, displayName?: string): FieldRef => ({
  table,
  measure: name,
  ...(displayName ? { displayName } : {}),
});
/** The levels of a hierarchy from the top: a chart axis with several levels can drill down. */
export const levels = (table: string, hierarchy: string, names: string[]): FieldRef[] =>
  names.map((hierarchyLevel) => ({ table, hierarchy, hierarchyLevel }));
