/** One filter in the pane: its field, a summary, and the editor for its kind. */
import { filterKind, targetLabel } from '../../query/filter-types.ts';
import type { EditorProps } from './editor-props.ts';
import { AdvancedEditor, BasicEditor } from './ValueEditors.tsx';
import { RelativeDateEditor, TopNEditor } from './RangeEditors.tsx';

export function FilterCard({ controller, filter, onApply }: EditorProps) {
  const kind = filterKind(filter);
  const { messages } = controller;
  const kindLabel =
    kind === 'basic'
      ? messages.basic
      : kind === 'advanced'
        ? messages.advanced
        : kind === 'relativeDate'
          ? messages.relativeDate
          : messages.topN;
  return (
    <div className="filter-card" data-filter-kind={kind} data-target={targetLabel(filter.target)}>
      <div className="filter-card-head">
        <strong>{targetLabel(filter.target)}</strong>
        <span className="filter-kind">{kindLabel}</span>
      </div>
      {kind === 'basic' && (
        <BasicEditor controller={controller} filter={filter} onApply={onApply} />
      )}
      {kind === 'advanced' && (
        <AdvancedEditor controller={controller} filter={filter} onApply={onApply} />
      )}
      {kind === 'relativeDate' && (
        <RelativeDateEditor controller={controller} filter={filter} onApply={onApply} />
      )}
      {kind === 'topN' && <TopNEditor controller={controller} filter={filter} onApply={onApply} />}
    </div>
  );
}
