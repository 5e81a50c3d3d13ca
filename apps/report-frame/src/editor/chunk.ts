/** What the frame takes from the editor, as one module: one dynamic import, one chunk. */
export { Authoring } from './authoring.ts';
export { AuthoringView } from './AuthoringView.tsx';
export { authoringHandlers } from './edit-routes.ts';
