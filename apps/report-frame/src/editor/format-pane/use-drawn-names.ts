/**
 * The series and category names the selected chart draws, for its colour pickers: read from the
 * same cached query the canvas drew it with, so opening the pane asks the BI service nothing new.
 */
import { useEffect, useState } from 'react';
import type { VisualDefinition } from '../../api/types.ts';
import { categoryData } from '../../visuals/chart-data.ts';
import { loadVisualData } from '../../visuals/visual-data.ts';
import type { ReportEditor } from '../report-editor.ts';

export interface DrawnNames {
  series: string[];
  points: string[];
}

const NONE: DrawnNames = { series: [], points: [] };

export function useDrawnNames(editor: ReportEditor, visual: VisualDefinition): DrawnNames {
  const [names, setNames] = useState<DrawnNames>(NONE);
  useEffect(() => {
    const page = editor.activePage;
    if (!page) return;
    let cancelled = false;
    const { controller } = editor;
    void loadVisualData(controller.cache, controller.state, page, visual.name).then((data) => {
      const result = data.results['main'];
      if (cancelled) return;
      if (!result) return setNames(NONE);
      const drawn = categoryData(visual, result, controller.format, controller.messages);
      setNames({ series: drawn.series.map((s) => s.name), points: drawn.labels });
    });
    return () => {
      cancelled = true;
    };
  }, [editor, visual]);
  return names;
}
