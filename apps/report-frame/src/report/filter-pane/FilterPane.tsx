/** The filter pane: report, page and visual filters of the active page, each editable in place. */
import { useState } from 'react';
import type { FrameFilter } from '../../query/filter-types.ts';
import { visualKey, type ReportViewState } from '../../state/report-state.ts';
import type { ReportController } from '../report-controller.ts';
import { FilterCard } from './FilterCard.tsx';

interface Props {
  controller: ReportController;
  state: ReportViewState;
}

export function FilterPane({ controller, state }: Props) {
  const { messages } = controller;
  const [open, setOpen] = useState(false);
  const page = state.report.definition.pages.find((p) => p.name === state.activePage);
  if (!open) {
    return (
      <aside className="filter-pane collapsed" aria-label={messages.filters}>
        <button
          type="button"
          className="filter-pane-toggle"
          aria-expanded="false"
          onClick={() => setOpen(true)}
        >
          {messages.filters}
        </button>
      </aside>
    );
  }
  const visualSections = (page?.visuals ?? [])
    .map((visual) => ({ visual, key: visualKey(state.activePage, visual.name) }))
    .filter(({ key }) => (state.visualFilters[key]?.length ?? 0) > 0);

  return (
    <aside className="filter-pane" aria-label={messages.filters}>
      <header>
        <h2>{messages.filters}</h2>
        <button
          type="button"
          className="filter-pane-toggle"
          aria-expanded="true"
          onClick={() => setOpen(false)}
        >
          »
        </button>
      </header>
      <FilterSection
        level="page"
        title={messages.filtersOnPage}
        controller={controller}
        filters={state.pageFilters[state.activePage] ?? []}
        onChange={(filters) =>
          controller.changeFilters(
            { pageFilters: { ...state.pageFilters, [state.activePage]: filters } },
            true,
          )
        }
      />
      <FilterSection
        level="report"
        title={messages.filtersOnReport}
        controller={controller}
        filters={state.reportFilters}
        onChange={(filters) => controller.changeFilters({ reportFilters: filters }, true)}
      />
      {visualSections.map(({ visual, key }) => (
        <FilterSection
          key={key}
          level="visual"
          visualName={visual.name}
          title={`${messages.filtersOnVisual}: ${visual.title ?? visual.name}`}
          controller={controller}
          filters={state.visualFilters[key] ?? []}
          onChange={(filters) =>
            controller.changeFilters(
              { visualFilters: { ...state.visualFilters, [key]: filters } },
              true,
            )
          }
        />
      ))}
    </aside>
  );
}

interface SectionProps {
  level: 'page' | 'report' | 'visual';
  visualName?: string;
  title: string;
  controller: ReportController;
  filters: FrameFilter[];
  onChange(filters: FrameFilter[]): void;
}

/** One level of filters; editing a card replaces that filter in the level's list. */
function FilterSection({ level, visualName, title, controller, filters, onChange }: SectionProps) {
  return (
    <section data-level={level} data-visual-name={visualName}>
      <h3>{title}</h3>
      {filters.length === 0 && <p className="empty">{controller.messages.noFilters}</p>}
      {filters.map((filter, i) => (
        <FilterCard
          key={i}
          controller={controller}
          filter={filter}
          onApply={(next) => onChange(filters.map((f, j) => (j === i ? next : f)))}
        />
      ))}
    </section>
  );
}
