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
  const replaceAt = (list: FrameFilter[], index: number, filter: FrameFilter) =>
    list.map((f, i) => (i === index ? filter : f));
  const pageFilters = state.pageFilters[state.activePage] ?? [];
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
      <section data-level="page">
        <h3>{messages.filtersOnPage}</h3>
        {pageFilters.length === 0 && <p className="empty">{messages.noFilters}</p>}
        {pageFilters.map((filter, i) => (
          <FilterCard
            key={i}
            controller={controller}
            filter={filter}
            onApply={(next) =>
              controller.changeFilters(
                {
                  pageFilters: {
                    ...state.pageFilters,
                    [state.activePage]: replaceAt(pageFilters, i, next),
                  },
                },
                true,
              )
            }
          />
        ))}
      </section>
      <section data-level="report">
        <h3>{messages.filtersOnReport}</h3>
        {state.reportFilters.length === 0 && <p className="empty">{messages.noFilters}</p>}
        {state.reportFilters.map((filter, i) => (
          <FilterCard
            key={i}
            controller={controller}
            filter={filter}
            onApply={(next) =>
              controller.changeFilters(
                { reportFilters: replaceAt(state.reportFilters, i, next) },
                true,
              )
            }
          />
        ))}
      </section>
      {visualSections.map(({ visual, key }) => (
        <section key={key} data-level="visual" data-visual-name={visual.name}>
          <h3>
            {messages.filtersOnVisual}: {visual.title ?? visual.name}
          </h3>
          {(state.visualFilters[key] ?? []).map((filter, i) => (
            <FilterCard
              key={i}
              controller={controller}
              filter={filter}
              onApply={(next) =>
                controller.changeFilters(
                  {
                    visualFilters: {
                      ...state.visualFilters,
                      [key]: replaceAt(state.visualFilters[key] ?? [], i, next),
                    },
                  },
                  true,
                )
              }
            />
          ))}
        </section>
      ))}
    </aside>
  );
}
