import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { BiClient } from '../api/bi-client.ts';
import { createFormatter } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { ReportController } from '../report/report-controller.ts';
import { visualKey } from '../state/report-state.ts';
import { addFilter, newFilter } from './filter-edits.ts';
import { addPage } from './page-edits.ts';
import { Authoring } from './authoring.ts';
import { ReportEditor } from './report-editor.ts';
import { changeVisualType } from './visual-edits.ts';

function controllerWith(
  access?: { accessLevel: 'View' | 'Edit' | 'Create' },
  emitted: [string, unknown][] = [],
) {
  const context = {
    messages: messagesFor('es'),
    format: createFormatter('es-ES', ''),
    emit: (name: string, body: unknown) => void emitted.push([name, body]),
  };
  const report = { ...sampleReport, ...(access ? { access } : {}) };
  // renderNow false: nothing is queried, the test reads the state only.
  const setup = { report, pageName: undefined, filters: [], settings: {}, renderNow: false };
  return new ReportController(new BiClient('token'), setup, context);
}

/** The editor of a report, as the authoring routes and view reach it. */
const editorOf = (controller: ReportController) => new Authoring().editorOf(controller);

const typeOf = (c: ReportController, name: string) =>
  c.state.report.definition.pages[0]!.visuals.find((v) => v.name === name)?.type;

describe('ReportEditor', () => {
  it('shows each edit at once and undoes and redoes it, tracking unsaved changes', () => {
    const controller = controllerWith({ accessLevel: 'Edit' });
    const authoring = new Authoring();
    const editor = authoring.editorOf(controller);
    expect(editor).toBe(authoring.editorOf(controller));
    expect(editor.hasUnsavedChanges).toBe(false);
    editor.applyToPage((p) => changeVisualType(p, 'V4', 'pieChart'));
    expect(typeOf(controller, 'V4')).toBe('pieChart');
    expect(editor.hasUnsavedChanges).toBe(true);
    expect(editor.store.get()).toMatchObject({ canUndo: true, canRedo: false });
    editor.undo();
    expect(typeOf(controller, 'V4')).toBe('clusteredBarChart');
    expect(editor.hasUnsavedChanges).toBe(false);
    editor.redo();
    expect(typeOf(controller, 'V4')).toBe('pieChart');
  });

  it('applies filters added at each level to the report view', () => {
    const controller = controllerWith({ accessLevel: 'Edit' });
    const editor = editorOf(controller);
    const target = { table: 'Tienda', column: 'País' };
    const page = sampleReport.definition.pages[0]!.name;
    const sales = { table: 'Ventas', measure: 'Ventas' };
    editor.apply((def) => addFilter(def, 'report', newFilter('basic', target), page, null));
    editor.apply((def) => addFilter(def, 'page', newFilter('topN', target, sales), page, null));
    editor.apply((def) => addFilter(def, 'visual', newFilter('advanced', target), page, 'V4'));
    const state = controller.state;
    expect(state.reportFilters).toMatchObject([{ target, operator: 'All' }]);
    expect(state.pageFilters[page]).toMatchObject([{ target, filterType: 5, orderBy: sales }]);
    expect(state.visualFilters[visualKey(page, 'V4')]).toMatchObject([
      { target, logicalOperator: 'And' },
    ]);
  });

  it('grants edit and save as by the access the BI service returned (none: view only)', () => {
    expect(editorOf(controllerWith()).canEdit).toBe(false);
    const edit = editorOf(controllerWith({ accessLevel: 'Edit' }));
    expect([edit.canEdit, edit.canSaveAs]).toEqual([true, false]);
    const create = new ReportEditor(controllerWith(), { accessLevel: 'Create' });
    expect([create.canEdit, create.canSaveAs]).toEqual([true, true]);
  });

  it('keeps the active page valid when pages change', () => {
    const controller = controllerWith({ accessLevel: 'Edit' });
    const editor = editorOf(controller);
    editor.apply((def) => addPage(def, 'Nueva'));
    const added = controller.state.report.definition.pages.at(-1)!.name;
    controller.showPage(added);
    editor.undo();
    expect(controller.state.activePage).toBe(sampleReport.definition.pages[0]!.name);
  });

  it('tells the host of each mode change (viewModeChanged), and of nothing else', () => {
    const emitted: [string, unknown][] = [];
    const editor = editorOf(controllerWith({ accessLevel: 'Edit' }, emitted));
    editor.setMode('edit');
    editor.setMode('edit');
    editor.setMode('view');
    expect(emitted).toEqual([
      ['viewModeChanged', { viewMode: 'edit' }],
      ['viewModeChanged', { viewMode: 'view' }],
    ]);
  });
});
