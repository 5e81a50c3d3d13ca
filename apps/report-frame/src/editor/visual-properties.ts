/**
 * Power BI's visual properties (`{ objectName, propertyName }`, decision 0285) over the format
 * options the editor's Formato pane writes: the same keys, the same checks, so a property set by
 * the host is what the pane shows and what a save stores.
 */
import { formatSectionsByType, legendPositions, type FormatKey } from '@vitrina/bi-model';
import { fieldLabel } from '@vitrina/bi-model/visual-queries';
import { answerShapes } from '../api/answer-check.ts';
import type { DatasetSchema, FieldRef, VisualDefinition } from '../api/types.ts';
import { isRecord } from '../lib/is-record.ts';
import { RequestError } from '../protocol/request-error.ts';
import { fieldOfTarget } from './data-roles.ts';

const SCHEMA = 'http://powerbi.com/product/schema#';
const PROPERTY_SCHEMA = `${SCHEMA}property`;
const DEFAULT_SCHEMA = `${SCHEMA}default`;

/** What a property changes: the visual's title and/or one key of its options. */
interface Patch {
  title?: string;
  options?: Record<string, unknown>;
}

interface Property {
  read(visual: VisualDefinition): unknown;
  /** The change that sets `value`, or resets the property when `value` is undefined. */
  write(visual: VisualDefinition, value: unknown): Patch;
  accepts(value: unknown): boolean;
}

const isBoolean = (v: unknown) => typeof v === 'boolean';
const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isPosition = (v: unknown) => legendPositions.some((p) => p === v);

/** One option key (`dataLabels`), or one entry of an object option (`legend.show`). */
function option(
  key: FormatKey,
  entry: string | undefined,
  accepts: (value: unknown) => boolean,
  fallback: unknown,
): Property {
  return {
    accepts,
    read(visual) {
      const current: unknown = visual.options?.[key];
      const value = entry === undefined ? current : isRecord(current) ? current[entry] : undefined;
      return value ?? fallback;
    },
    write(visual, value) {
      if (entry === undefined) return { options: { [key]: value } };
      const current: unknown = visual.options?.[key];
      const next: Record<string, unknown> = { ...(isRecord(current) ? current : {}) };
      if (value === undefined) delete next[entry];
      else next[entry] = value;
      return { options: { [key]: Object.keys(next).length > 0 ? next : undefined } };
    },
  };
}

const title: Property = {
  accepts: isString,
  read: (visual) => visual.title ?? '',
  write: (_visual, value) => ({ title: typeof value === 'string' ? value : '' }),
};

/** A text box's text as Power BI's paragraphs: one paragraph a line, its runs' values joined. */
const paragraphs: Property = {
  accepts: (value) =>
    Array.isArray(value) &&
    value.every(
      (p) =>
        isRecord(p) &&
        Array.isArray(p['textRuns']) &&
        p['textRuns'].every((run) => isRecord(run) && isString(run['value'])),
    ),
  read: (visual) =>
    String(visual.options?.['text'] ?? '')
      .split('\n')
      .map((line) => ({ textRuns: [{ value: line }] })),
  write(_visual, value) {
    if (!Array.isArray(value)) return { options: { text: undefined } };
    const lines = value.map((p: { textRuns: { value: string }[] }) =>
      p.textRuns.map((run) => run.value).join(''),
    );
    return { options: { text: lines.join('\n') } };
  },
};

const axis = (key: 'categoryAxis' | 'valueAxis') => ({
  visible: option(key, 'show', isBoolean, true),
  showAxisTitle: option(key, 'showTitle', isBoolean, false),
  titleText: option(key, 'title', isString, ''),
});

const PROPERTIES: Record<string, Record<string, Property>> = {
  title: { visible: option('showTitle', undefined, isBoolean, true), titleText: title },
  tooltip: { visible: option('showTooltips', undefined, isBoolean, true) },
  visualHeader: { visible: option('showHeader', undefined, isBoolean, true) },
  legend: {
    visible: option('legend', 'show', isBoolean, true),
    position: option('legend', 'position', isPosition, 'Top'),
  },
  dataLabels: { visible: option('dataLabels', undefined, isBoolean, false) },
  categoryAxis: axis('categoryAxis'),
  valueAxis: {
    ...axis('valueAxis'),
    start: option('valueAxis', 'min', isNumber, undefined),
    end: option('valueAxis', 'max', isNumber, undefined),
  },
  dataPoint: { defaultColor: option('defaultColor', undefined, isString, undefined) },
  background: {
    color: option('background', 'color', isString, undefined),
    transparency: option('background', 'transparency', isNumber, 0),
  },
  border: {
    visible: option('border', 'show', isBoolean, false),
    color: option('border', 'color', isString, undefined),
    radius: option('border', 'radius', isNumber, 0),
  },
  general: { paragraphs },
};

export interface PropertySelector {
  objectName: string;
  propertyName: string;
  /** Which data point a per-point property is for (decision 0303): `{ target, value? }`. */
  selector?: unknown;
}

/** The selector of a request body, or the 400 Power BI's frame answers. */
export function parseSelector(body: unknown): PropertySelector {
  const objectName = isRecord(body) ? body['objectName'] : undefined;
  const propertyName = isRecord(body) ? body['propertyName'] : undefined;
  if (typeof objectName !== 'string' || typeof propertyName !== 'string')
    throw new RequestError(400, [
      { message: 'selector is invalid: objectName and propertyName are required' },
    ]);
  return { objectName, propertyName, selector: isRecord(body) ? body['selector'] : undefined };
}

/** A field by what it names (table and column, measure or level), whatever its display name. */
function fieldKey(field: FieldRef): string {
  if ('measure' in field) return `${field.table}|m|${field.measure}`;
  if ('hierarchy' in field) return `${field.table}|h|${field.hierarchy}|${field.hierarchyLevel}`;
  return `${field.table}|c|${field.column}|${field.datePart ?? ''}`;
}

/**
 * `dataPoint.fill` of one data point, as the Formato pane colours them: a category's point (its
 * column and the value drawn) on a chart with one series, `pointColors`; a series, by its measure
 * or by its legend column and value, `seriesColors`.
 */
function dataPointFill(
  visual: VisualDefinition,
  selector: unknown,
  dataset: DatasetSchema | undefined,
): Property {
  const refused = (message: string) => new RequestError(400, [{ message, path: 'selector' }]);
  if (!isRecord(selector)) throw refused('dataPoint.fill needs a selector naming a data point');
  const key = fieldKey(fieldOfTarget(selector['target'], dataset));
  const value = selector['value'];
  const named = (fields: FieldRef[] | undefined) => fields?.find((f) => fieldKey(f) === key);
  const { category, series, values, y } = visual.fields;
  const measures = [...(values ?? []), ...(y ?? [])];
  const oneSeries = !series?.length && measures.length <= 1;
  if (value !== undefined && named(category?.slice(0, 1))) {
    if (!oneSeries || !formatSectionsByType[visual.type].includes('pointColors'))
      throw refused(`Visual ${visual.name} colours its data points by series, not one by one`);
    return option('pointColors', String(value), isString, undefined);
  }
  if (value !== undefined && named(series))
    return option('seriesColors', String(value), isString, undefined);
  const measure = value === undefined ? named(measures) : undefined;
  if (measure) return option('seriesColors', fieldLabel(measure), isString, undefined);
  throw refused(`selector names no data point of visual ${visual.name}`);
}

function propertyOf(
  visual: VisualDefinition,
  { objectName, propertyName, selector }: PropertySelector,
  dataset: DatasetSchema | undefined,
): Property {
  if (objectName === 'dataPoint' && propertyName === 'fill')
    return dataPointFill(visual, selector, dataset);
  const property = PROPERTIES[objectName]?.[propertyName];
  if (!property)
    throw new RequestError(400, [
      { message: `Property ${objectName}.${propertyName} is not supported` },
    ]);
  return property;
}

/** getProperty's answer: the value the visual is drawn with, the default when none was set. */
export function readProperty(
  visual: VisualDefinition,
  selector: PropertySelector,
  dataset: DatasetSchema | undefined,
) {
  return { schema: PROPERTY_SCHEMA, value: propertyOf(visual, selector, dataset).read(visual) };
}

/**
 * The change setProperty makes: a value under the property schema, or a reset under the default
 * one (what resetProperty sends). Option values must pass the format pane's own checks.
 */
export function propertyPatch(
  visual: VisualDefinition,
  selector: PropertySelector,
  body: unknown,
  dataset: DatasetSchema | undefined,
): Patch {
  const property = propertyOf(visual, selector, dataset);
  const value = isRecord(body) ? body['value'] : undefined;
  const schema = isRecord(value) ? (value['schema'] ?? PROPERTY_SCHEMA) : undefined;
  if (schema === DEFAULT_SCHEMA) return property.write(visual, undefined);
  const invalid = new RequestError(400, [
    {
      message: `value of ${selector.objectName}.${selector.propertyName} is invalid`,
      path: 'value',
    },
  ]);
  if (schema !== PROPERTY_SCHEMA || !isRecord(value) || !property.accepts(value['value']))
    throw invalid;
  const patch = property.write(visual, value['value']);
  const checked = Object.entries(patch.options ?? {}).every(
    ([key, option]) =>
      option === undefined ||
      !answerShapes.hasProperty('VisualFormat', key) ||
      answerShapes.checkProperty('VisualFormat', key, option).ok,
  );
  if (!checked) throw invalid;
  return patch;
}
