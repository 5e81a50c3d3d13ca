/**
 * Inputs for comparing validators with powerbi-models 1.2.1: valid bases, and every value at
 * every path of each base replaced by each probe value. That reaches every field's every rule
 * (required, type, enum, array items, nested objects, anyOf branches) without listing them by hand.
 */
import { commandNames } from '../../src/protocol/models/validators/settings.ts';

const schema = 'http://powerbi.com/product/schema#';

/** Values that break (or satisfy) each kind of rule somewhere. */
const probes: unknown[] = [
  undefined,
  null,
  'x',
  '',
  0,
  1,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  -1,
  1.5,
  true,
  false,
  [],
  ['x'],
  [1],
  [true],
  [null],
  [{}],
  {},
  { a: 1 },
  'actualSize',
  'oneColumn',
  `${schema}visualSelector`,
  `${schema}visualTypeSelector`,
  `${schema}slicerTargetSelector`,
];

export const column = { table: 'Ventas', column: 'Región' };
export const hierarchy = { table: 'Fecha', hierarchy: 'Calendario', hierarchyLevel: 'Año' };
export const measure = { table: 'Ventas', measure: 'Total' };
export const keyColumns = { ...column, keys: ['Id'] };
const keyHierarchy = { ...hierarchy, keys: ['Id'] };

const basic = {
  $schema: `${schema}basic`,
  target: column,
  operator: 'In',
  values: ['Norte', 1, true],
  filterType: 1,
};
const advanced = {
  $schema: `${schema}advanced`,
  target: measure,
  logicalOperator: 'And',
  conditions: [{ value: 10, operator: 'GreaterThan' }, { operator: 'IsNotBlank' }],
  filterType: 0,
};
const relativeDate = {
  $schema: `${schema}relativeDate`,
  target: hierarchy,
  operator: 0,
  timeUnitsCount: 3,
  timeUnitType: 6,
  includeToday: true,
  filterType: 4,
};
const topN = {
  target: column,
  operator: 'Top',
  itemCount: 5,
  filterType: 5,
  orderBy: measure,
};
const includeExclude = { target: column, isExclude: true, values: ['a'], filterType: 3 };
const notSupported = {
  target: column,
  message: 'm',
  notSupportedTypeName: 'T',
  filterType: 2,
};
const tuple = {
  target: [column],
  operator: 'In',
  values: [[{ value: 'a' }]],
  filterType: 6,
};

const visualSelector = { $schema: `${schema}visualSelector`, visualName: 'v1' };
const visualTypeSelector = { $schema: `${schema}visualTypeSelector`, visualType: 'barChart' };
const slicerTargetSelector = { $schema: `${schema}slicerTargetSelector`, target: keyColumns };

const visualLayout = { x: 1, y: 2, z: 3, width: 4, height: 5, displayState: { mode: 1 } };
const commandSettings = { displayOption: 2, selector: visualSelector };
const extension = {
  command: {
    name: 'c',
    extend: {
      visualContextMenu: { title: 't', icon: 'i', menuLocation: 1 },
      visualOptionsMenu: { title: 't' },
    },
    title: 'T',
    icon: 'I',
    selector: visualTypeSelector,
  },
};

const settings = {
  filterPaneEnabled: true,
  navContentPaneEnabled: false,
  bookmarksPaneEnabled: true,
  useCustomSaveAsDialog: false,
  extensions: [extension],
  layoutType: 1,
  customLayout: {
    pageSize: { type: 4 },
    displayOption: 1,
    pagesLayout: {
      p1: { visualsLayout: { v1: visualLayout }, defaultLayout: { displayState: { mode: 0 } } },
    },
  },
  background: 1,
  visualSettings: { visualHeaders: [{ settings: { visible: false }, selector: visualSelector }] },
  hideErrors: true,
  commands: [{ copy: commandSettings, spotlight: { displayOption: 0 } }],
};

const slicer = { selector: slicerTargetSelector, state: { filters: [basic] } };

/** Valid inputs per public validator; several where the validator has alternatives. */
export const bases: Record<string, unknown[]> = {
  validateReportLoad: [
    {
      accessToken: 't',
      id: 'r',
      groupId: 'g',
      settings,
      pageName: 'p',
      filters: [basic, advanced, relativeDate],
      permissions: 7,
      viewMode: 1,
      tokenType: 1,
      bookmark: { name: 'b' },
      theme: { themeJson: { name: 'x' } },
    },
    { accessToken: 't', id: 'r', bookmark: { state: 's' } },
  ],
  validateCreateReport: [
    { accessToken: 't', datasetId: 'd', groupId: 'g', tokenType: 0, theme: { themeJson: {} } },
  ],
  validateDashboardLoad: [
    { accessToken: 't', id: 'd', groupId: 'g', pageView: 'fitToWidth', tokenType: 1 },
  ],
  validateTileLoad: [
    {
      accessToken: 't',
      id: 'i',
      dashboardId: 'd',
      groupId: 'g',
      pageView: 'x',
      tokenType: 1,
      width: 1,
      height: 2,
    },
  ],
  validateLoadQnaConfiguration: [
    {
      accessToken: 't',
      datasetIds: ['d'],
      question: 'q',
      viewMode: 1,
      settings: { filterPaneEnabled: true, hideErrors: false },
      tokenType: 0,
      groupId: 'g',
    },
  ],
  validateQnaInterpretInputData: [{ datasetIds: ['d'], question: 'q' }],
  validateSettings: [settings],
  validatePage: [{ name: 'p' }],
  validateFilter: [basic, advanced, relativeDate, topN, includeExclude, notSupported, tuple],
  validateSaveAsParameters: [{ name: 'n' }],
  validateExportDataRequest: [{ rows: 10, exportDataType: 1 }],
  validateCustomTheme: [{ themeJson: {} }],
  validateVisualSelector: [visualSelector],
  validateSlicer: [slicer, { selector: visualSelector, state: { filters: [] } }],
  validateSlicerState: [{ filters: [advanced] }],
  validatePlayBookmarkRequest: [{ playMode: 1 }],
  validateAddBookmarkRequest: [{ state: 's', displayName: 'd', apply: true }],
  validateApplyBookmarkByNameRequest: [{ name: 'n' }],
  validateApplyBookmarkStateRequest: [{ state: 's' }],
  validateExtension: [extension],
  validateCustomPageSize: [{ type: 4, width: 1, height: 2 }],
  validateVisualHeader: [{ settings: { visible: true }, selector: visualTypeSelector }],
  validateVisualSettings: [{ visualHeaders: [{ settings: {} }] }],
  validateCommandsSettings: [
    Object.fromEntries(commandNames.map((name) => [name, commandSettings])),
  ],
};

/** Slicer-only targets, exercised through slicer selectors. */
export const extraSlicerBases = [keyHierarchy, hierarchy, measure, column].map((target) => ({
  selector: { ...slicerTargetSelector, target },
  state: { filters: [] },
}));

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsOf(child, path)];
  });
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  path.slice(0, -1).forEach((key) => (parent = parent[key] as Record<string | number, unknown>));
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

/** Every probe at the top level, the base itself, and every probe at every path of the base. */
export function casesFor(base: unknown): unknown[] {
  const cases: unknown[] = [...probes, base];
  for (const path of pathsOf(base))
    for (const probe of probes) cases.push(replaceAt(base, path, probe));
  return cases;
}
