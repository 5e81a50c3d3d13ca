/** One filter in the pane: its field, a summary, and the editor for its kind. */
import { lazy, Suspense } from 'react';
import { filterKind, targetLabel } from '../../query/filter-types.ts';
import type { EditorProps } from './editor-props.ts';

// The editors load on demand: most embeds never open the filter pane.
const editors = () => import('./editors.ts');
const BasicEditor = lazy(() => editors().then((m) => ({ default: m.BasicEditor })));
const AdvancedEditor = lazy(() => editors().then((m) => ({ default: m.AdvancedEditor })));
const RelativeDateEditor = lazy(() => editors().then((m) => ({ default: m.RelativeDateEditor })));
const TopNEditor = lazy(() => editors().then((m) => ({ default: m.TopNEditor })));

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
      <Suspense fallback={null}>
        {kind === 'basic' && (
          <BasicEditor controller={controller} filter={filter} onApply={onApply} />
        )}
        {kind === 'advanced' && (
          <AdvancedEditor controller={controller} filter={filter} onApply={onApply} />
        )}
        {kind === 'relativeDate' && (
          <RelativeDateEditor controller={controller} filter={filter} onApply={onApply} />
        )}
        {kind === 'topN' && (
          <TopNEditor controller={controller} filter={filter} onApply={onApply} />
        )}
      </Suspense>
    </div>
  );
}
