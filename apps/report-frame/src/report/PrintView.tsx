/** Print: every visible page at paper width, one per sheet, then the browser's print dialog. */
import { useEffect, useState } from 'react';
import type { PageDefinition } from '../api/types.ts';
import { loadPageData, type VisualData } from '../visuals/visual-data.ts';
import type { ReportViewState } from '../state/report-state.ts';
import { computeLayout, DisplayOption } from './layout.ts';
import { PageCanvas } from './PageCanvas.tsx';
import type { ReportController } from './report-controller.ts';

const PRINT_WIDTH = 1000;

interface Props {
  controller: ReportController;
  state: ReportViewState;
}

export function PrintView({ controller, state }: Props) {
  const [pages, setPages] = useState<
    { page: PageDefinition; data: Record<string, VisualData> }[] | null
  >(null);

  useEffect(() => {
    const visible = controller.state.report.definition.pages.filter((p) => p.visibility !== 1);
    let cancelled = false;
    void Promise.all(
      visible.map(async (page) => ({
        page,
        data: await loadPageData(controller.cache, { ...controller.state, selection: null }, page),
      })),
    ).then((loaded) => !cancelled && setPages(loaded));
    return () => {
      cancelled = true;
    };
  }, [controller]);

  useEffect(() => {
    if (!pages) return;
    const frame = requestAnimationFrame(() => {
      document.documentElement.dataset['printedPages'] = String(pages.length);
      window.print();
      controller.printMode.finish();
    });
    return () => cancelAnimationFrame(frame);
  }, [pages, controller]);

  if (!pages) return null;
  const settings = {
    ...state.settings,
    customLayout: { ...state.settings.customLayout, displayOption: DisplayOption.FitToWidth },
  };
  return (
    <div className="print-view" aria-hidden="true">
      {pages.map(({ page, data }) => (
        <div key={page.name} className="print-page">
          <h1 className="print-page-title">{page.displayName}</h1>
          <PageCanvas
            state={state}
            page={page}
            data={data}
            transparent={false}
            layout={computeLayout(page, settings, { width: PRINT_WIDTH, height: 0 }, false)}
          />
        </div>
      ))}
    </div>
  );
}
