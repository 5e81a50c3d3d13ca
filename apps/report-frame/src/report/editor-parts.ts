/** What the frame takes from the editor, as one module: one dynamic import, one chunk. */
export { AuthoringView } from '../editor/AuthoringView.tsx';
export { registerEditRoutes } from '../editor/edit-routes.ts';
export { openInMode } from '../editor/report-editor.ts';
