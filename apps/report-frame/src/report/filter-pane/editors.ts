/** The filter editors: one chunk, fetched the first time the filter pane shows a filter. */
export { AdvancedEditor, BasicEditor } from './ValueEditors.tsx';
export { RelativeDateEditor, TopNEditor } from './RangeEditors.tsx';
