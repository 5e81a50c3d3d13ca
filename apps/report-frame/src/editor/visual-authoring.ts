/**
 * Power BI's programmatic authoring (the powerbi-report-authoring library, decision 0283): visuals
 * made, retyped, filled and formatted by the host. Every change goes through the report's editor
 * as one undoable edit, so the editor shows it, `hasUnsavedChanges` counts it and `save` stores
 * it. Changes need an edit grant (Power BI's "edit permissions"), not edit mode.
 */
import { visualTypes } from '@vitrina/bi-model';
import type { IExtendedRequest, IRouterHandler } from '@vitrina/embed-sdk/protocol';
import type { FieldRef, PageDefinition, VisualDefinition } from '../api/types.ts';
import { isRecord } from '../lib/is-record.ts';
import { RequestError } from '../protocol/request-error.ts';
import { param, respond } from '../protocol/respond.ts';
import { visualInfo } from '../report/event-bodies.ts';
import { pageOf } from '../routes/report-lookup.ts';
import type { VisualAuthoringRoute } from '../routes/authoring-routes.ts';
import {
  capabilitiesOf,
  fieldOfTarget,
  targetOfField,
  visualTypeNamed,
  wellRole,
} from './data-roles.ts';
import type { EditorMessages } from './editor-messages.ts';
import { requireGrant } from './grants.ts';
import { editPage } from './page-edits.ts';
import type { ReportEditor } from './report-editor.ts';
import { parseSelector, propertyPatch, readProperty } from './visual-properties.ts';
import {
  addField,
  addVisual,
  changeVisualType,
  deleteVisual,
  formatVisual,
  placeAsRequested,
  removeField,
  replaceField,
} from './visual-edits.ts';

type On = (handler: (editor: ReportEditor, request: IExtendedRequest) => unknown) => IRouterHandler;

const notFound = (what: string) => new RequestError(400, [{ message: `${what} was not found` }]);

const editable = (editor: ReportEditor) =>
  requireGrant(editor, () => editor.canEdit, 'edit access (ReadWrite)');

const bodyOf = (request: IExtendedRequest) => (isRecord(request.body) ? request.body : {});

/** The page and visual a request's path names. */
function target(editor: ReportEditor, request: IExtendedRequest) {
  const page = pageOf(editor.controller, param(request, 'page'));
  const name = param(request, 'visual');
  const visual = page.visuals.find((v) => v.name === name);
  if (!visual) throw notFound(`Visual ${name}`);
  return { page, visual };
}

/** A field index in the path: a place in the well, `undefined` (no index given) meaning the end. */
function fieldIndex(
  request: IExtendedRequest,
  size: number,
  optional: boolean,
): number | undefined {
  const raw = param(request, 'index');
  if (optional && (raw === 'undefined' || raw === '')) return undefined;
  const index = Number(raw);
  if (!Number.isInteger(index) || index < 0 || index > size || (!optional && index === size))
    throw new RequestError(400, [{ message: `index ${raw} is out of range`, path: 'index' }]);
  return index;
}

/** A visual's data role with its fields, by Power BI's role name. */
function wellOf(visual: VisualDefinition, request: IExtendedRequest) {
  const role = wellRole(visual.type, param(request, 'role'));
  return { role, fields: visual.fields[role] ?? [] };
}

const defaultDisplayName = (field: FieldRef) =>
  field.displayName ??
  ('measure' in field ? field.measure : 'hierarchy' in field ? field.hierarchyLevel : field.column);

/** The handlers of the routes in VISUAL_AUTHORING_ROUTES (routes/authoring-routes.ts). */
export function visualAuthoringHandlers(
  on: On,
  texts: () => EditorMessages,
): Record<VisualAuthoringRoute, IRouterHandler> {
  const edit = (
    editor: ReportEditor,
    page: PageDefinition,
    change: (p: PageDefinition) => PageDefinition,
  ) => editor.apply((def) => editPage(def, page.name, change));

  return {
    createVisual: on(async (editor, r) => {
      await editable(editor);
      const page = pageOf(editor.controller, param(r, 'page'));
      const { visualType, layout, autoFocus } = bodyOf(r);
      const added = addVisual(page, visualTypeNamed(visualType));
      const placed = placeAsRequested(added.page, added.name, layout);
      edit(editor, page, () => placed);
      if (autoFocus === true) editor.select(added.name);
      const visual = placed.visuals.find((v) => v.name === added.name);
      return { visual: visual && visualInfo(visual) };
    }),
    deleteVisual: on(async (editor, r) => {
      await editable(editor);
      const page = pageOf(editor.controller, param(r, 'page'));
      const name = bodyOf(r)['visualName'];
      if (!page.visuals.some((v) => v.name === name)) throw notFound(`Visual ${String(name)}`);
      edit(editor, page, (p) => deleteVisual(p, String(name)));
    }),
    changeVisualType: on(async (editor, r) => {
      await editable(editor);
      const { page, visual } = target(editor, r);
      const type = visualTypeNamed(bodyOf(r)['visualType']);
      edit(editor, page, (p) => changeVisualType(p, visual.name, type));
    }),
    visualCapabilities: respond((r) => capabilitiesOf(visualTypeNamed(param(r, 'type')), texts())),
    availableVisualTypes: respond(() => [...visualTypes]),
    getDataFields: on((editor, r) => {
      const { visual } = target(editor, r);
      return wellOf(visual, r).fields.map(targetOfField);
    }),
    addDataField: on(async (editor, r) => {
      await editable(editor);
      const { page, visual } = target(editor, r);
      const { role, fields } = wellOf(visual, r);
      const { dataset } = editor.controller.state.report;
      const field = fieldOfTarget(r.body, dataset);
      const index = fieldIndex(r, fields.length, true);
      edit(editor, page, (p) => addField(p, visual.name, role, field, dataset, index));
    }),
    removeDataField: on(async (editor, r) => {
      await editable(editor);
      const { page, visual } = target(editor, r);
      const { role, fields } = wellOf(visual, r);
      const index = fieldIndex(r, fields.length, false)!;
      edit(editor, page, (p) => removeField(p, visual.name, role, index));
    }),
    getDataFieldDisplayName: on((editor, r) => {
      const { visual } = target(editor, r);
      const { fields } = wellOf(visual, r);
      return defaultDisplayName(fields[fieldIndex(r, fields.length, false)!]!);
    }),
    setDataFieldDisplayName: on(async (editor, r) => {
      await editable(editor);
      const { page, visual } = target(editor, r);
      const { role, fields } = wellOf(visual, r);
      const index = fieldIndex(r, fields.length, false)!;
      const displayName = bodyOf(r)['newDisplayName'];
      if (typeof displayName !== 'string' || !displayName.trim())
        throw new RequestError(400, [
          { message: 'newDisplayName is required', path: 'newDisplayName' },
        ]);
      const renamed = { ...fields[index]!, displayName: displayName.trim() };
      edit(editor, page, (p) => replaceField(p, visual.name, role, index, renamed));
    }),
    getVisualProperty: on((editor, r) =>
      readProperty(
        target(editor, r).visual,
        parseSelector(r.body),
        editor.controller.state.report.dataset,
      ),
    ),
    setVisualProperty: on(async (editor, r) => {
      await editable(editor);
      const { page, visual } = target(editor, r);
      const { dataset } = editor.controller.state.report;
      const patch = propertyPatch(visual, parseSelector(bodyOf(r)['selector']), r.body, dataset);
      edit(editor, page, (p) => formatVisual(p, visual.name, patch));
    }),
  };
}
