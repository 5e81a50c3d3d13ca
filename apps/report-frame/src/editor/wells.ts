/**
 * Field wells per visual type, in Power BI's names: which data roles a visual offers, and how a
 * visual's fields move when its type changes (roles both types have stay; the rest follow the
 * first role of the new type that takes the same kind of field, in the visual's order).
 */
import type { DataRole, FieldRef, VisualDefinition, VisualType } from '../api/types.ts';

type WellKind = 'group' | 'value';

interface Well {
  role: DataRole;
  kind: WellKind;
  /** At most this many fields (undefined: any number). */
  max?: number;
}

const group = (role: DataRole, max?: number): Well =>
  max === undefined ? { role, kind: 'group' } : { role, kind: 'group', max };
const value = (role: DataRole, max?: number): Well =>
  max === undefined ? { role, kind: 'value' } : { role, kind: 'value', max };

const CARTESIAN = [group('category'), group('series', 1), value('values'), value('tooltips')];
const PIE = [group('category'), value('values', 1), value('tooltips')];

export const WELLS: Record<VisualType, Well[]> = {
  card: [value('values', 1)],
  multiRowCard: [value('values')],
  kpi: [value('values', 1), group('category', 1), value('target', 1)],
  gauge: [value('values', 1), value('target', 1), value('tooltips')],
  clusteredBarChart: CARTESIAN,
  clusteredColumnChart: CARTESIAN,
  stackedBarChart: CARTESIAN,
  stackedColumnChart: CARTESIAN,
  lineChart: CARTESIAN,
  areaChart: CARTESIAN,
  lineClusteredColumnComboChart: [
    group('category'),
    value('values'),
    value('y'),
    value('tooltips'),
  ],
  pieChart: PIE,
  donutChart: PIE,
  treemap: PIE,
  funnel: PIE,
  scatterChart: [
    group('category'),
    value('x', 1),
    value('y', 1),
    value('size', 1),
    value('tooltips'),
  ],
  waterfallChart: [group('category', 1), value('values', 1), value('tooltips')],
  tableEx: [group('values')],
  pivotTable: [group('category'), group('columns'), value('values')],
  slicer: [group('category', 1)],
  textbox: [],
  actionButton: [],
};

/** A measure or an aggregated column reads as a value; a bare column as a grouping. */
export function isValueField(field: FieldRef): boolean {
  return 'measure' in field || ('column' in field && field.aggregation !== undefined);
}

/** The fields re-dealt into the wells of `type`, keeping as many as fit. */
export function fieldsForType(
  fields: VisualDefinition['fields'],
  type: VisualType,
): VisualDefinition['fields'] {
  const wells = WELLS[type];
  const next: VisualDefinition['fields'] = {};
  const room = (well: Well) => (well.max ?? Infinity) - (next[well.role]?.length ?? 0);
  const put = (well: Well, field: FieldRef) => {
    next[well.role] = [...(next[well.role] ?? []), field];
  };
  // In the visual's own order, so a table built from a chart lists the axis before the values.
  for (const [role, list] of Object.entries(fields) as [DataRole, FieldRef[]][]) {
    const same = wells.find((well) => well.role === role);
    for (const field of list) {
      const kind: WellKind = isValueField(field) ? 'value' : 'group';
      const target =
        (same && room(same) > 0 ? same : undefined) ??
        wells.find((well) => well.kind === kind && room(well) > 0) ??
        wells.find((well) => room(well) > 0 && well.role !== 'tooltips');
      if (target) put(target, field);
    }
  }
  return next;
}
