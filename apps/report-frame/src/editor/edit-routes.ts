/**
 * The SDK's authoring calls (issue 13, replacing decision 0072): switchMode, hasUnsavedChanges,
 * save, saveAs, create and clone, with the status codes powerbi-client expects; and the
 * powerbi-report-authoring library's calls (visual-authoring.ts).
 */
import type { IExtendedRequest } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { isRecord } from '../lib/is-record.ts';
import { currentReport, pageOf } from '../routes/report-lookup.ts';
import { RequestError } from '../protocol/request-error.ts';
import { param, respond } from '../protocol/respond.ts';
import type { AuthoringHandlers } from '../routes/authoring-routes.ts';
import type { Authoring } from './authoring.ts';
import { loadCreate } from './load-create.ts';
import type { ReportEditor } from './report-editor.ts';
import { notGranted, passingBiErrors, requireGrant } from './grants.ts';
import { cloneVisual, placeAsRequested } from './visual-edits.ts';
import { parseCreateReport, parseFilters } from '../protocol/parsers.ts';
import type { PageDefinition } from '../api/types.ts';
import { editPage } from './page-edits.ts';
import { editorMessagesFor } from './editor-messages.ts';
import { visualAuthoringHandlers } from './visual-authoring.ts';

function saveAsName(body: unknown): string {
  const name = isRecord(body) ? body['name'] : undefined;
  if (typeof name !== 'string' || !name.trim())
    throw new RequestError(400, [{ message: 'name is required', path: 'name' }]);
  return name.trim();
}

/** ICloneVisualRequest: an optional layout (x, y, width, height) and filters for the copy. */
function withCloneRequest(page: PageDefinition, name: string, body: unknown): PageDefinition {
  const copy = page.visuals.find((v) => v.name === name);
  if (!copy || !isRecord(body)) return page;
  let next = placeAsRequested(page, name, body['layout']);
  if (Array.isArray(body['filters'])) {
    const filters = parseFilters(body['filters']);
    next = { ...next, visuals: next.visuals.map((v) => (v.name === name ? { ...v, filters } : v)) };
  }
  return next;
}

/** The editor's answers to the authoring routes (routes/authoring-routes.ts lists their paths). */
export function authoringHandlers(session: FrameSession, authoring: Authoring): AuthoringHandlers {
  const on = (handler: (editor: ReportEditor, request: IExtendedRequest) => unknown) =>
    respond((request) => handler(authoring.editorOf(currentReport(session)), request));

  return {
    ...visualAuthoringHandlers(on, () => editorMessagesFor(session.context.language)),
    switchMode: on(async (editor, r) => {
      const mode = param(r, 'mode');
      if (mode !== 'view' && mode !== 'edit')
        throw new RequestError(400, [{ message: `Unknown view mode ${mode}` }]);
      if (mode === 'edit')
        await requireGrant(editor, () => editor.canEdit, 'edit access (ReadWrite)');
      editor.setMode(mode);
    }),
    hasUnsavedChanges: on((editor) => editor.hasUnsavedChanges),
    save: on(async (editor) => {
      await requireGrant(editor, () => editor.canEdit, 'saving (ReadWrite)');
      return passingBiErrors(() => editor.save());
    }),
    saveAs: on(async (editor, r) => {
      await requireGrant(editor, () => editor.canSaveAs, 'save as (Copy)');
      const name = saveAsName(r.body);
      return passingBiErrors(() => editor.saveAs(name));
    }),
    create: respond((r) => {
      const { datasetId, accessToken, theme } = parseCreateReport(r.body);
      void loadCreate(session, authoring, {
        uid: r.headers['uid'],
        datasetId,
        accessToken,
        themeJson: theme?.themeJson,
      });
    }),
    cloneVisual: on((editor, r) => {
      if (!editor.canEdit) throw notGranted('edit access (ReadWrite)');
      const page = pageOf(editor.controller, param(r, 'page'));
      const cloned = cloneVisual(page, param(r, 'visual'));
      if (!cloned)
        throw new RequestError(400, [{ message: `Visual ${param(r, 'visual')} was not found` }]);
      const placed = withCloneRequest(cloned.page, cloned.name, r.body);
      editor.apply((def) => editPage(def, page.name, () => placed));
      return { visualName: cloned.name };
    }),
  };
}
