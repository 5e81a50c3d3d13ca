import { describe, expect, it } from 'vitest';
import { models } from '../../src/protocol/index.ts';
import { loadReferenceModels, referenceClass } from './reference-models.ts';
import { column, hierarchy, keyColumns, measure } from './validator-cases.ts';

const reference = loadReferenceModels();
const ours = models as unknown as Record<string, unknown>;

type Outcome = { json: string } | { error: string };

function construct(
  constructor: new (...args: unknown[]) => { toJSON(): unknown },
  args: unknown[],
): Outcome {
  try {
    return { json: JSON.stringify(new constructor(...args).toJSON()) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const condition = { value: 1, operator: 'GreaterThan' };
const keyed = { ...column, keys: ['Id', 'Código'] };

/** Constructor arguments per class, valid and invalid, including 1.2.1's quirks. */
const constructions: Record<string, unknown[][]> = {
  BasicFilter: [
    [column, 'In', 'a', 'b'],
    [column, 'In', ['a', 1, true]],
    [column, 'All'],
    [column, 'In'],
    [measure, 'NotIn', []],
  ],
  BasicFilterWithKeys: [
    [keyed, 'In', ['a'], [['1', '2']]],
    [keyed, 'In', ['a'], undefined],
    [column, 'In', ['a'], [['1']]],
    [keyed, 'In', ['a'], [['1']]],
    [keyed, 'In', ['a'], [null, ['1', '2']]],
    [column, 'In', ['a'], []],
  ],
  AdvancedFilter: [
    [measure, 'And', condition],
    [measure, 'Or', condition, condition],
    [measure, 'And', [condition, condition]],
    [measure, '', condition],
    [measure, 7, condition],
    [measure, 'And'],
    [measure, 'And', []],
    [measure, 'And', condition, condition, condition],
    [measure, 'And', [condition, condition, condition]],
    [measure, 'Or', condition],
  ],
  RelativeDateFilter: [[hierarchy, 0, 3, 6, true]],
  TopNFilter: [[column, 'Top', 5, measure]],
  IncludeExcludeFilter: [[column, true, ['a', 1]]],
  NotSupportedFilter: [[column, 'message', 'Type']],
  TupleFilter: [[[column, hierarchy], 'In', [[{ value: 'a' }, { value: 1 }]]]],
  PageSelector: [['ReportSection1']],
  VisualSelector: [['visual1']],
};

describe('filter and selector classes match powerbi-models 1.2.1', () => {
  for (const [name, argumentLists] of Object.entries(constructions)) {
    it(`${name} serializes and throws identically`, () => {
      const theirs = referenceClass(reference, name);
      const mine = ours[name] as typeof theirs;
      for (const args of argumentLists)
        expect(construct(mine, args)).toEqual(construct(theirs, args));
    });
  }

  it('emit displaySettings only when set, after the base fields', () => {
    const theirs = new (referenceClass(reference, 'BasicFilter'))(
      column,
      'In',
      'a',
    ) as unknown as Record<string, unknown>;
    const mine = new models.BasicFilter(column, 'In', 'a');
    theirs['displaySettings'] = { isLockedInViewMode: true };
    mine.displaySettings = { isLockedInViewMode: true };
    expect(JSON.stringify(mine.toJSON())).toBe(
      JSON.stringify((theirs as unknown as { toJSON(): unknown }).toJSON()),
    );
  });

  it('share the static schemaUrl of every class', () => {
    for (const name of [
      ...Object.keys(constructions),
      'VisualTypeSelector',
      'SlicerTargetSelector',
    ]) {
      const theirs = referenceClass(reference, name) as unknown as { schemaUrl: string };
      expect((ours[name] as { schemaUrl: string }).schemaUrl).toBe(theirs.schemaUrl);
    }
  });

  it('fix the $schema that VisualTypeSelector and SlicerTargetSelector instances emit', () => {
    const typeSelector = new models.VisualTypeSelector('barChart').toJSON();
    const targetSelector = new models.SlicerTargetSelector(keyColumns).toJSON();
    expect(typeSelector).toEqual({
      $schema: 'http://powerbi.com/product/schema#visualTypeSelector',
      visualType: 'barChart',
    });
    expect(targetSelector).toEqual({
      $schema: 'http://powerbi.com/product/schema#slicerTargetSelector',
      target: keyColumns,
    });
    const theirTypeSelector = new (referenceClass(reference, 'VisualTypeSelector'))(
      'barChart',
    ).toJSON();
    expect(theirTypeSelector).toEqual({
      ...typeSelector,
      $schema: 'http://powerbi.com/product/schema#visualSelector',
    });
    expect(models.validateVisualHeader({ settings: {}, selector: typeSelector })).toBeUndefined();
    expect(models.validateSlicer({ selector: targetSelector, state: {} })).toBeUndefined();
  });
});

describe('the models object', () => {
  it('has exactly the runtime names of powerbi-models 1.2.1', () => {
    expect(Object.keys(models).sort()).toEqual(Object.keys(reference).sort());
  });
});

describe('enums and constants match powerbi-models 1.2.1', () => {
  const enumNames = [
    'TraceType',
    'PageSizeType',
    'DisplayOption',
    'BackgroundType',
    'VisualContainerDisplayMode',
    'LayoutType',
    'SectionVisibility',
    'Permissions',
    'ViewMode',
    'TokenType',
    'MenuLocation',
    'FiltersLevel',
    'FilterType',
    'RelativeDateFilterTimeUnit',
    'RelativeDateOperators',
    'QnaMode',
    'ExportDataType',
    'BookmarksPlayMode',
    'SortDirection',
    'CommandDisplayOption',
    'VisualDataRoleKind',
    'VisualDataRoleKindPreference',
    'CommonErrorCodes',
    'TextAlignment',
    'LegendPosition',
  ];

  it.each(enumNames)('%s has the same names, values and reverse mapping', (name) => {
    expect({ ...(ours[name] as object) }).toEqual({ ...(reference[name] as object) });
  });

  it('maps numbers back to names like a TypeScript enum', () => {
    expect(models.LayoutType[2]).toBe('MobilePortrait');
    expect(models.SortDirection[1]).toBe('Ascending');
    expect(models.Permissions[7]).toBe('All');
  });
});

describe('filter helpers match powerbi-models 1.2.1', () => {
  const targets = [
    column,
    hierarchy,
    measure,
    keyColumns,
    { ...column, aggregationFunction: 'Sum' },
    { ...hierarchy, aggregationFunction: 'Avg' },
    {},
    { table: '', column: 'c' },
  ];
  const targetHelpers = [
    'isMeasure',
    'isColumn',
    'isHierarchyLevel',
    'isHierarchyLevelAggr',
    'isColumnAggr',
    'isFilterKeyColumnsTarget',
  ];
  const filters = [
    { filterType: 1 },
    { filterType: 0, operator: 'In', values: [] },
    { filterType: 0, logicalOperator: 'And', conditions: [] },
    { filterType: 0 },
    { operator: 'In', values: [], keyValues: [['a']] },
    { filterType: 1, keyValues: [] },
    { filterType: 4 },
  ];

  it.each(targetHelpers)('%s agrees on every target', (name) => {
    const theirs = reference[name] as (target: unknown) => boolean;
    const mine = ours[name] as (target: unknown) => boolean;
    expect(targets.map(mine)).toEqual(targets.map(theirs));
  });

  it.each(['getFilterType', 'isBasicFilterWithKeys'])(
    '%s agrees on every filter, including filterType 0',
    (name) => {
      const theirs = reference[name] as (filter: unknown) => unknown;
      const mine = ours[name] as (filter: unknown) => unknown;
      expect(filters.map(mine)).toEqual(filters.map(theirs));
    },
  );
});
