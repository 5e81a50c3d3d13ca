/** Visual edits on one page: pure functions returning the next page. */
import type {
  DataRole,
  DatasetSchema,
  FieldRef,
  PageDefinition,
  VisualDefinition,
  VisualLayout,
  VisualType,
} from '../api/types.ts';
import type { Filter } from '@vitrina/bi-model';
import { isRecord } from '../lib/is-record.ts';
import { fieldsForWell } from './date-hierarchy.ts';
import { freshName } from './page-edits.ts';
import { GRID, newVisualBox } from './placement.ts';
import { fieldsForType, WELLS } from './wells.ts';

const MIN_SIZE = 40;

function editVisual(
  page: PageDefinition,
  visualName: string,
  edit: (visual: VisualDefinition) => VisualDefinition,
): PageDefinition {
  return { ...page, visuals: page.visuals.map((v) => (v.name === visualName ? edit(v) : v)) };
}

/** A new visual of `type` at the first free place of the page; returns its name too. */
export function addVisual(
  page: PageDefinition,
  type: VisualType,
): { page: PageDefinition; name: string } {
  const name = freshName(
    'VisualContainer',
    page.visuals.map((v) => v.name),
  );
  const z = Math.max(0, ...page.visuals.map((v) => v.layout.z)) + 1;
  const layout: VisualLayout = { ...newVisualBox(page), z };
  return {
    page: { ...page, visuals: [...page.visuals, { name, type, layout, fields: {} }] },
    name,
  };
}

/**
 * Moves and resizes to whole units, kept inside the page and never smaller than MIN_SIZE. The
 * editor snaps the box first (placement.ts); the SDK's clone layout is taken as given.
 */
export function placeVisual(
  page: PageDefinition,
  visualName: string,
  box: Pick<VisualLayout, 'x' | 'y' | 'width' | 'height'>,
): PageDefinition {
  const width = Math.min(page.width, Math.max(MIN_SIZE, Math.round(box.width)));
  const height = Math.min(page.height, Math.max(MIN_SIZE, Math.round(box.height)));
  const x = Math.min(page.width - width, Math.max(0, Math.round(box.x)));
  const y = Math.min(page.height - height, Math.max(0, Math.round(box.y)));
  return editVisual(page, visualName, (v) => ({
    ...v,
    layout: { ...v.layout, x, y, width, height },
  }));
}

/**
 * A visual moved to the layout an SDK request gives (IVisualLayout of clone or createVisual):
 * each of x, y, width and height it names, the visual's own for the rest.
 */
export function placeAsRequested(
  page: PageDefinition,
  visualName: string,
  layout: unknown,
): PageDefinition {
  const visual = page.visuals.find((v) => v.name === visualName);
  if (!visual || !isRecord(layout)) return page;
  const numberOr = (key: 'x' | 'y' | 'width' | 'height') => {
    const value = layout[key];
    return typeof value === 'number' ? value : visual.layout[key];
  };
  return placeVisual(page, visualName, {
    x: numberOr('x'),
    y: numberOr('y'),
    width: numberOr('width'),
    height: numberOr('height'),
  });
}

export function deleteVisual(page: PageDefinition, visualName: string): PageDefinition {
  return { ...page, visuals: page.visuals.filter((v) => v.name !== visualName) };
}

export function changeVisualType(
  page: PageDefinition,
  visualName: string,
  type: VisualType,
): PageDefinition {
  return editVisual(page, visualName, (v) =>
    v.type === type ? v : { ...v, type, fields: fieldsForType(v.fields, type) },
  );
}

/** A copy of a visual on the same page, offset by one grid step; returns the copy's name. */
export function cloneVisual(
  page: PageDefinition,
  visualName: string,
  name = freshName(
    'VisualContainer',
    page.visuals.map((v) => v.name),
  ),
): { page: PageDefinition; name: string } | undefined {
  const source = page.visuals.find((v) => v.name === visualName);
  if (!source) return undefined;
  const { x, y } = source.layout;
  const copy = { ...structuredClone(source), name };
  const placed = { ...page, visuals: [...page.visuals, copy] };
  return {
    page: placeVisual(placed, name, { ...copy.layout, x: x + GRID * 2, y: y + GRID * 2 }),
    name,
  };
}

/**
 * Adds a field to a well, last or at `index`; a full single-field well has its field replaced.
 * With the dataset's schema, a date column on a chart's axis arrives as its date hierarchy.
 */
export function addField(
  page: PageDefinition,
  visualName: string,
  role: DataRole,
  field: FieldRef,
  schema?: DatasetSchema,
  index?: number,
): PageDefinition {
  return editVisual(page, visualName, (v) => {
    const well = WELLS[v.type].find((w) => w.role === role);
    if (!well) return v;
    const current = v.fields[role] ?? [];
    const kept =
      well.max !== undefined && current.length >= well.max
        ? current.slice(0, well.max - 1)
        : current;
    const added = fieldsForWell(schema, v.type, role, field);
    const at = index ?? kept.length;
    const list = [...kept.slice(0, at), ...added, ...kept.slice(at)];
    return { ...v, fields: { ...v.fields, [role]: list } };
  });
}

export function removeField(
  page: PageDefinition,
  visualName: string,
  role: DataRole,
  index: number,
): PageDefinition {
  return editVisual(page, visualName, (v) => {
    const rest = (v.fields[role] ?? []).filter((_, i) => i !== index);
    const fields = { ...v.fields, [role]: rest };
    if (rest.length === 0) delete fields[role];
    return { ...v, fields };
  });
}

/** Replaces one field of a well (e.g. with another aggregation). */
export function replaceField(
  page: PageDefinition,
  visualName: string,
  role: DataRole,
  index: number,
  field: FieldRef,
): PageDefinition {
  return editVisual(page, visualName, (v) => ({
    ...v,
    fields: {
      ...v.fields,
      [role]: (v.fields[role] ?? []).map((f, i) => (i === index ? field : f)),
    },
  }));
}

/** Format basics: the title, and per-type options such as data labels and the legend. */
export function formatVisual(
  page: PageDefinition,
  visualName: string,
  patch: { title?: string; options?: Record<string, unknown> },
): PageDefinition {
  return editVisual(page, visualName, (v) => {
    const next: VisualDefinition = { ...v, options: { ...v.options, ...patch.options } };
    if (patch.title !== undefined) next.title = patch.title;
    return next;
  });
}

export function addVisualFilter(
  page: PageDefinition,
  visualName: string,
  filter: Filter,
): PageDefinition {
  return editVisual(page, visualName, (v) => ({ ...v, filters: [...(v.filters ?? []), filter] }));
}
