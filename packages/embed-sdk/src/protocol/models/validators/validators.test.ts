import { describe, expect, it } from 'vitest';
import * as models from '../index.ts';

const message = (text: string) => [{ message: text }];
const load = { accessToken: 't', id: 'r' };

describe('validators (messages documented for powerbi-models 1.2.1)', () => {
  it('return undefined for valid input and for null or undefined', () => {
    expect(models.validateReportLoad(load)).toBeUndefined();
    expect(models.validateReportLoad(undefined)).toBeUndefined();
    expect(models.validateReportLoad(null)).toBeUndefined();
  });

  it('report only the first failing field, in declaration order', () => {
    expect(models.validateReportLoad({})).toEqual(message('accessToken is required'));
    expect(models.validateReportLoad({ accessToken: 't' })).toEqual(message('id is required'));
    expect(models.validateReportLoad({ ...load, viewMode: 2, tokenType: 'x' })).toEqual(
      message('viewMode property is invalid'),
    );
    expect(models.validateReportLoad({ ...load, tokenType: 'x' })).toEqual(
      message('tokenType must be a number'),
    );
  });

  it('name the innermost field of nested objects', () => {
    expect(models.validateReportLoad({ ...load, settings: 'x' })).toEqual(
      message('settings must be an object'),
    );
    expect(models.validateReportLoad({ ...load, settings: { filterPaneEnabled: 1 } })).toEqual(
      message('filterPaneEnabled must be a boolean'),
    );
    expect(models.validateReportLoad({ ...load, theme: { themeJson: 1 } })).toEqual(
      message('themeJson must be an object'),
    );
    expect(
      models.validateSettings({
        customLayout: { pagesLayout: { p: { visualsLayout: { v: { x: 'a' } } } } },
      }),
    ).toEqual(message('x must be a number'));
  });

  it('name only the array for invalid items, except typed arrays', () => {
    expect(models.validateReportLoad({ ...load, filters: [{}] })).toEqual(
      message('filters property is invalid'),
    );
    expect(models.validateLoadQnaConfiguration({ accessToken: 't', datasetIds: [1] })).toEqual(
      message('datasetIds must be an array of strings'),
    );
  });

  it('reject non-objects at top level', () => {
    expect(models.validateReportLoad('x')).toEqual(message('input must be an object'));
    expect(models.validatePage([])).toEqual(message('input must be an object'));
  });

  it('use the named field in anyOf failures, and "undefined" at top level', () => {
    expect(models.validateReportLoad({ ...load, bookmark: {} })).toEqual(
      message('bookmark property is invalid'),
    );
    expect(models.validateFilter({})).toEqual(message('undefined property is invalid'));
  });

  it('reject tuple filters in validateFilter, as 1.2.1 does', () => {
    const tuple = new models.TupleFilter([{ table: 't', column: 'c' }], 'In', [
      [{ value: 1 }],
    ]).toJSON();
    expect(models.validateFilter(tuple)).toEqual(message('undefined property is invalid'));
  });

  it('give the dashboard pageView its own message', () => {
    expect(models.validateDashboardLoad({ ...load, pageView: 'wide' })).toEqual(
      message(
        'pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"',
      ),
    );
    expect(models.validateDashboardLoad({ ...load, pageView: 1 })).toEqual(
      message('pageView must be a string'),
    );
    expect(
      models.validateTileLoad({ ...load, dashboardId: 'd', pageView: 'wide' }),
    ).toBeUndefined();
  });

  it('check the other load configurations', () => {
    expect(models.validateCreateReport({ accessToken: 't' })).toEqual(
      message('datasetId is required'),
    );
    expect(models.validateTileLoad(load)).toEqual(message('dashboardId is required'));
    expect(models.validateQnaInterpretInputData({})).toEqual(message('question is required'));
  });

  it('check selectors, slicers, bookmarks and commands', () => {
    expect(models.validateVisualSelector({ $schema: 'other', visualName: 'v' })).toEqual(
      message('$schema property is invalid'),
    );
    expect(models.validateSlicer({ selector: { visualName: 'v' } })).toEqual(
      message('state is required'),
    );
    expect(models.validatePlayBookmarkRequest({ playMode: 3 })).toEqual(
      message('playMode property is invalid'),
    );
    expect(models.validateCommandsSettings({ copy: { displayOption: 3 } })).toEqual(
      message('displayOption property is invalid'),
    );
    expect(models.validateExtension({ command: { name: 'n', extend: {} } })).toEqual(
      message('title is required'),
    );
    expect(models.validateCustomPageSize({ type: 5 })).toBeUndefined();
    expect(models.validateExportDataRequest({ exportDataType: 2 })).toEqual(
      message('exportDataType property is invalid'),
    );
  });
});
