/**
 * Print: every visible page (and the page on screen, hidden or not), or only the pages an export
 * asked for, at paper width, one per sheet, each table and matrix whose rows do not fit its box
 * continued in full after its page; then the browser's print dialog.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PageDefinition } from '../api/types.ts';
import { loadPageData, type VisualData } from '../visuals/visual-data.ts';
import type { ReportViewState } from '../state/report-state.ts';
import { computeLayout, DisplayOption } from './layout.ts';
import { PageCanvas } from './PageCanvas.tsx';
import { FullLengthVisual } from './FullLengthVisual.tsx';
import { printDocument } from './print-mode.ts';
import type { ReportController } from './report-controller.ts';

const PRINT_WIDTH = 1000;
const LISTS = new Set(['tableEx', 'pivotTable']);

interface Props {
  controller: ReportController;
  state: ReportViewState;
}

type PrintedPage = { page: PageDefinition; data: Record<string, VisualData> };

/**
 * The pages an export asked to print (`data-print-only` on the document, a JSON list of page
 * names, set by the export renderer before it asks to print), so that the layout, its queries at
 * full length included, is made for those pages only; null for everyone else's print.
 */
function pagesAskedFor(): Set<string> | null {
  const asked = document.documentElement.dataset['printOnly'];
  if (asked === undefined) return null;
  const names: unknown = JSON.parse(asked);
  return Array.isArray(names) ? new Set(names.map(String)) : null;
}

/** `page/visual` of the tables and matrices that scroll in their box on the sheets drawn. */
function overflowingLists(root: HTMLElement): Set<string> {
  const found = new Set<string>();
  for (const sheet of root.querySelectorAll<HTMLElement>('.print-page')) {
    for (const list of sheet.querySelectorAll<HTMLElement>('.page-canvas .table-visual')) {
      const visual = list.closest<HTMLElement>('[data-visual-name]');
      if (visual && list.scrollHeight > list.clientHeight + 1)
        found.add(`${sheet.dataset['pageName']}/${visual.dataset['visualName']}`);
    }
  }
  return found;
}

export function PrintView({ controller, state }: Props) {
  const [pages, setPages] = useState<PrintedPage[] | null>(null);
  const [continued, setContinued] = useState<Set<string> | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const { activePage, report } = controller.state;
    const asked = pagesAskedFor();
    const printed = report.definition.pages.filter((p) =>
      asked ? asked.has(p.name) : p.visibility !== 1 || p.name === activePage,
    );
    let cancelled = false;
    const view = { ...controller.state, selection: null };
    void Promise.all(
      printed.map(async (page) => ({
        page,
        data: await loadPageData(controller.cache, view, page, true),
      })),
    ).then((loaded) => !cancelled && setPages(loaded));
    return () => {
      cancelled = true;
    };
  }, [controller]);

  // The sheets are drawn: see which lists need continuing before printing.
  useLayoutEffect(() => {
    if (pages && root.current && !continued) setContinued(overflowingLists(root.current));
  }, [pages, continued]);

  useEffect(() => {
    if (!pages || !continued) return;
    const frame = requestAnimationFrame(() => {
      document.documentElement.dataset['printedPages'] = String(pages.length);
      void printDocument().then(() => controller.printMode.finish());
    });
    return () => cancelAnimationFrame(frame);
  }, [pages, continued, controller]);

  if (!pages) return null;
  const settings = {
    ...state.settings,
    customLayout: { ...state.settings.customLayout, displayOption: DisplayOption.FitToWidth },
  };
  return (
    <div className="print-view" aria-hidden="true" ref={root}>
      {pages.map(({ page, data }) => (
        <div key={page.name} className="print-page" data-page-name={page.name}>
          <h1 className="print-page-title">{page.displayName}</h1>
          <PageCanvas
            state={state}
            page={page}
            data={data}
            transparent={false}
            layout={computeLayout(page, settings, { width: PRINT_WIDTH, height: 0 }, false)}
          />
          {page.visuals
            .filter((v) => LISTS.has(v.type) && continued?.has(`${page.name}/${v.name}`))
            .map((visual) => (
              <FullLengthVisual
                key={visual.name}
                state={state}
                page={page}
                visual={visual}
                data={data[visual.name]!}
                width={PRINT_WIDTH}
              />
            ))}
        </div>
      ))}
    </div>
  );
}
