/** Where a clicked or dropped field goes when no well was named: the first well of its kind. */
import type { DatasetSchema, DataType, FieldRef, PageDefinition } from '../api/types.ts';
import { addField } from './visual-edits.ts';
import { isValueField, WELLS } from './wells.ts';

/** A numeric column clicked in the fields pane arrives summed, as in Power BI. */
export function fieldFromPane(
  table: string,
  item: { column?: string; measure?: string; dataType?: DataType },
): FieldRef {
  if (item.measure) return { table, measure: item.measure };
  const numeric = item.dataType === 'number' || item.dataType === 'integer';
  return numeric
    ? { table, column: item.column ?? '', aggregation: 'Sum' }
    : { table, column: item.column ?? '' };
}

export function addFieldToFirstWell(
  page: PageDefinition,
  visualName: string,
  field: FieldRef,
  schema?: DatasetSchema,
): PageDefinition {
  const visual = page.visuals.find((v) => v.name === visualName);
  if (!visual) return page;
  const kind = isValueField(field) ? 'value' : 'group';
  const wells = WELLS[visual.type];
  const free = (role: string, max?: number) =>
    (max ?? Infinity) > (visual.fields[role as keyof typeof visual.fields]?.length ?? 0);
  const well =
    wells.find((w) => w.kind === kind && w.role !== 'tooltips' && free(w.role, w.max)) ??
    wells.find((w) => w.kind === kind) ??
    wells[0];
  return well ? addField(page, visualName, well.role, field, schema) : page;
}
