import { Response, type IExtendedRequest } from '@vitrina/embed-sdk/protocol';
import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { BiClient } from '../api/bi-client.ts';
import { createFormatter } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { respond } from '../protocol/respond.ts';
import { ReportController } from '../report/report-controller.ts';
import { Authoring } from './authoring.ts';
import { editorMessagesFor } from './editor-messages.ts';
import { visualAuthoringHandlers } from './visual-authoring.ts';

/** The library's handlers on the editor of the sample report, with the grants given. */
function authoringOn(accessLevel: 'View' | 'Edit') {
  const context = {
    messages: messagesFor('es'),
    format: createFormatter('es-ES', ''),
    emit: () => {},
  };
  // A View report has no id, so that the refused grant is not asked of a BI service again.
  const id = accessLevel === 'View' ? '' : sampleReport.id;
  const report = { ...sampleReport, id, access: { accessLevel } };
  const setup = { report, pageName: undefined, filters: [], settings: {}, renderNow: false };
  const controller = new ReportController(new BiClient('token'), setup, context);
  const editor = new Authoring().editorOf(controller);
  const handlers = visualAuthoringHandlers(
    (handler) => respond((request) => handler(editor, request)),
    () => editorMessagesFor('es'),
  );
  type Name = keyof typeof handlers;
  const call = async (name: Name, params: Record<string, string>, body?: unknown) => {
    const response = new Response();
    const request = { method: 'POST', url: '', headers: {}, body, params };
    await handlers[name](request as unknown as IExtendedRequest, response);
    return { status: response.statusCode, body: response.body };
  };
  const visual = (name: string) =>
    controller.state.report.definition.pages[0]!.visuals.find((v) => v.name === name);
  return { call, visual, editor };
}

const onV4 = { page: 'ReportSection1', visual: 'V4' };
const title = { objectName: 'title', propertyName: 'titleText' };
const property = (value: unknown) => ({
  schema: 'http://powerbi.com/product/schema#property',
  value,
});

describe('powerbi-report-authoring on the editor', () => {
  it('creates a visual where asked, as one unsaved edit of the editor, and deletes it', async () => {
    const { call, visual, editor } = authoringOn('Edit');
    const layout = { x: 10, y: 20, width: 300, height: 200 };
    const created = await call(
      'createVisual',
      { page: 'ReportSection1' },
      {
        visualType: 'columnChart',
        layout,
      },
    );
    expect(created).toEqual({
      status: 200,
      body: {
        visual: {
          name: 'VisualContainer1',
          title: '',
          type: 'stackedColumnChart',
          layout: { ...layout, z: 4, displayState: { mode: 0 } },
        },
      },
    });
    expect(editor.hasUnsavedChanges).toBe(true);
    expect(visual('VisualContainer1')?.layout).toMatchObject(layout);
    const deleted = await call(
      'deleteVisual',
      { page: 'ReportSection1' },
      { visualName: 'VisualContainer1' },
    );
    expect(deleted.status).toBe(202);
    expect(visual('VisualContainer1')).toBeUndefined();
    editor.undo();
    expect(visual('VisualContainer1')?.type).toBe('stackedColumnChart');
  });

  it('adds, lists, renames and removes fields by Power BI role names and ITargets', async () => {
    const { call, visual } = authoringOn('Edit');
    const field = (role: string, index: string) => ({ ...onV4, role, index });
    // A measure first in the values ("Y"), then a hierarchy level on the axis, last.
    await call('addDataField', field('Y', '0'), { table: 'Ventas', measure: 'Ventas' });
    const level = { table: 'Calendario', hierarchy: 'Fecha', hierarchyLevel: 'Año' };
    expect((await call('addDataField', field('Category', 'undefined'), level)).status).toBe(202);
    expect(visual('V4')?.fields.category).toEqual([{ table: 'Tienda', column: 'País' }, level]);
    const sum = { table: 'Ventas', column: 'Importe', aggregationFunction: 'Sum' };
    await call('addDataField', field('Tooltips', 'undefined'), sum);
    expect((await call('getDataFields', field('tooltips', ''))).body).toEqual([
      { $schema: 'http://powerbi.com/product/schema#columnAggr', ...sum },
    ]);
    await call('setDataFieldDisplayName', field('Y', '1'), { newDisplayName: 'Total' });
    expect((await call('getDataFieldDisplayName', field('Y', '1'))).body).toBe('Total');
    expect((await call('removeDataField', field('Y', '0'), 0)).status).toBe(202);
    expect(visual('V4')?.fields.values).toEqual([
      { table: 'Ventas', measure: 'Ventas', displayName: 'Total' },
    ]);
  });

  it('answers bad fields, roles and indexes with a 400 and an IError', async () => {
    const { call } = authoringOn('Edit');
    const field = (role: string, index: string) => ({ ...onV4, role, index });
    expect(
      await call('addDataField', field('Y', '0'), { table: 'Ventas', measure: 'Nada' }),
    ).toEqual({
      status: 400,
      body: [{ message: 'Measure Ventas.Nada was not found in the dataset' }],
    });
    expect((await call('addDataField', field('Size', '0'), { table: 'Ventas' })).body).toEqual([
      { message: 'Data role Size was not found' },
    ]);
    expect((await call('removeDataField', field('Y', '5'))).status).toBe(400);
    expect((await call('changeVisualType', onV4, { visualType: 'nope' })).body).toEqual([
      { message: 'visualType nope is not supported' },
    ]);
  });

  it('sets, reads and resets properties over the format options the Formato pane writes', async () => {
    const { call, visual } = authoringOn('Edit');
    await call('setVisualProperty', onV4, { selector: title, value: property('Por país') });
    const labels = { objectName: 'dataLabels', propertyName: 'visible' };
    await call('setVisualProperty', onV4, { selector: labels, value: property(true) });
    const legend = { objectName: 'legend', propertyName: 'position' };
    await call('setVisualProperty', onV4, { selector: legend, value: property('Bottom') });
    const axis = { objectName: 'valueAxis', propertyName: 'visible' };
    await call('setVisualProperty', onV4, { selector: axis, value: property(false) });
    const background = { objectName: 'background', propertyName: 'color' };
    await call('setVisualProperty', onV4, { selector: background, value: property('#FF0000') });
    const bars = { objectName: 'dataPoint', propertyName: 'defaultColor' };
    await call('setVisualProperty', onV4, { selector: bars, value: property('#744EC2') });
    expect(visual('V4')).toMatchObject({
      title: 'Por país',
      options: {
        dataLabels: true,
        legend: { position: 'Bottom' },
        valueAxis: { show: false },
        background: { color: '#FF0000' },
        defaultColor: '#744EC2',
      },
    });
    expect((await call('getVisualProperty', onV4, title)).body).toEqual(property('Por país'));
    const reset = { schema: 'http://powerbi.com/product/schema#default', value: {} };
    await call('setVisualProperty', onV4, { selector: legend, value: reset });
    expect(visual('V4')?.options?.legend).toBeUndefined();
    expect((await call('getVisualProperty', onV4, legend)).body).toEqual(property('Top'));
    const bad = await call('setVisualProperty', onV4, {
      selector: background,
      value: property('red'),
    });
    expect(bad).toEqual({
      status: 400,
      body: [{ message: 'value of background.color is invalid', path: 'value' }],
    });
    const unknown = { objectName: 'title', propertyName: 'nope' };
    expect((await call('getVisualProperty', onV4, unknown)).body).toEqual([
      { message: 'Property title.nope is not supported' },
    ]);
  });

  it('sets tooltips and the visual header, and colours a data point or a series by its selector', async () => {
    const { call, visual } = authoringOn('Edit');
    const tooltips = { objectName: 'tooltip', propertyName: 'visible' };
    await call('setVisualProperty', onV4, { selector: tooltips, value: property(false) });
    const header = { objectName: 'visualHeader', propertyName: 'visible' };
    await call('setVisualProperty', onV4, { selector: header, value: property(false) });
    // V4 draws one series (Ventas) by Tienda.País: a point is a country, the series its measure.
    const fill = (selector: unknown) => ({
      objectName: 'dataPoint',
      propertyName: 'fill',
      selector,
    });
    const peru = fill({ target: { table: 'Tienda', column: 'País' }, value: 'Perú' });
    await call('setVisualProperty', onV4, { selector: peru, value: property('#744EC2') });
    const sales = fill({ target: { table: 'Ventas', measure: 'Ventas' } });
    await call('setVisualProperty', onV4, { selector: sales, value: property('#118DFF') });
    expect(visual('V4')?.options).toMatchObject({
      showTooltips: false,
      showHeader: false,
      pointColors: { Perú: '#744EC2' },
      seriesColors: { Ventas: '#118DFF' },
    });
    expect((await call('getVisualProperty', onV4, peru)).body).toEqual(property('#744EC2'));
    expect((await call('getVisualProperty', onV4, header)).body).toEqual(property(false));
    const reset = { schema: 'http://powerbi.com/product/schema#default', value: {} };
    await call('setVisualProperty', onV4, { selector: peru, value: reset });
    expect(visual('V4')?.options?.['pointColors']).toBeUndefined();
    const nowhere = fill({ target: { table: 'Calendario', column: 'Año' }, value: 2024 });
    expect(
      await call('setVisualProperty', onV4, { selector: nowhere, value: property('#000000') }),
    ).toEqual({
      status: 400,
      body: [{ message: 'selector names no data point of visual V4', path: 'selector' }],
    });
    expect((await call('getVisualProperty', onV4, fill(undefined))).body).toEqual([
      { message: 'dataPoint.fill needs a selector naming a data point', path: 'selector' },
    ]);
  });

  it("writes a text box's text as Power BI's paragraphs", async () => {
    const { call, visual } = authoringOn('Edit');
    const box = await call('createVisual', { page: 'ReportSection1' }, { visualType: 'textbox' });
    const name = (box.body as { visual: { name: string } }).visual.name;
    const selector = { objectName: 'general', propertyName: 'paragraphs' };
    const paragraphs = [
      { textRuns: [{ value: 'Ventas ' }, { value: '2024' }] },
      { textRuns: [{ value: 'por país' }] },
    ];
    const on = { page: 'ReportSection1', visual: name };
    await call('setVisualProperty', on, { selector, value: property(paragraphs) });
    expect(visual(name)?.options?.['text']).toBe('Ventas 2024\npor país');
    expect((await call('getVisualProperty', on, selector)).body).toEqual(
      property([{ textRuns: [{ value: 'Ventas 2024' }] }, { textRuns: [{ value: 'por país' }] }]),
    );
  });

  it('gives capabilities per type with data roles, and refuses changes to a View token', async () => {
    const { call, visual } = authoringOn('View');
    const capabilities = await call('visualCapabilities', { type: 'pieChart' });
    expect(capabilities.body).toEqual({
      dataRoles: [
        { name: 'Category', displayName: 'Eje', kind: 0 },
        { name: 'Y', displayName: 'Valores', kind: 1 },
        { name: 'Tooltips', displayName: 'Información sobre herramientas', kind: 1 },
      ],
    });
    const refused = await call('changeVisualType', onV4, { visualType: 'pieChart' });
    expect(refused.status).toBe(403);
    expect(visual('V4')?.type).toBe('clusteredBarChart');
  });
});
