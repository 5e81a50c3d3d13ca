/** One filter in the pane: its field, a summary, and the editor for its kind. */
import { filterKind, targetLabel, type FrameFilter } from '../../query/filter-types.ts';
import type { ReportController } from '../report-controller.ts';
import { AdvancedEditor, BasicEditor } from './ValueEditors.tsx';
import { RelativeDateEditor, TopNEditor } from './RangeEditors.tsx';

interface Props {
  controller: ReportController;
  filter: FrameFilter;
  onApply(filter: FrameFilter): void;
}

export function FilterCard({ controller, filter, onApply }: Props) {
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

export type EditorProps = Props;
