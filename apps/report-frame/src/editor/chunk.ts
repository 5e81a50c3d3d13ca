/** What the frame takes from the editor, as one module: one dynamic import, one chunk. */
import { loadSchemas } from '../api/answer-verdict.ts';

// The editor writes format options the view then reads; some only Zod can check (decision 0312).
void loadSchemas();
export { Authoring } from './authoring.ts';
export { AuthoringView } from './AuthoringView.tsx';
export { authoringHandlers } from './edit-routes.ts';
