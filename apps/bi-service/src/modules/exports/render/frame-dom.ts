/**
 * Scripts run inside the report frame's document. They are JavaScript in strings: they run in the
 * browser, and this service is compiled without the DOM's types.
 */

/** An expression calling `source` (a function's text) with `argument`, for `evaluate`. */
export const call = (source: string, argument: unknown): string =>
  `(${source})(${JSON.stringify(argument)})`;

/** "Visual title: error" for every visual under `scope` that shows an error instead of itself. */
export const visualErrors = String.raw`(scope) => {
  const errors = [];
  for (const visual of document.querySelectorAll(':is(' + scope + ') [data-visual-name]')) {
    const error = visual.querySelector('.visual-error');
    if (error) errors.push((visual.getAttribute('aria-label') || '') + ': ' + error.textContent);
  }
  // A paginated report shows its one query's error in place of its table.
  const report = document.querySelector('.paginated > .visual-error');
  if (report) errors.push(report.textContent);
  return errors;
}`;

/**
 * The frame's document while its print view is up, as static HTML for one print: no scripts (nor
 * the modules Vite preloads for them, which the printed copy would fetch and compile), the report
 * on screen left out. With `keep` (page names, each with an optional visual), the sheets are those
 * pages' in that order, a page repeated as often as asked, and in a sheet with a visual named only
 * that visual; the answer is then the first page name without a sheet when there is one.
 */
export const printSnapshot = String.raw`(keep) => {
  const copy = document.documentElement.cloneNode(true);
  for (const element of copy.querySelectorAll('script, link[rel=modulepreload], .report-main'))
    element.remove();
  if (keep !== null) {
    const sheets = new Map([...copy.querySelectorAll('.print-page')].map((s) => [s.dataset.pageName, s]));
    const missing = keep.find((step) => !sheets.has(step.pageName));
    if (missing) return { missing: missing.pageName };
    const view = copy.querySelector('.print-view');
    for (const sheet of sheets.values()) sheet.remove();
    for (const step of keep) {
      const sheet = sheets.get(step.pageName).cloneNode(true);
      if (step.visualName !== null)
        for (const visual of sheet.querySelectorAll('[data-visual-name]'))
          if (visual.dataset.visualName !== step.visualName) visual.remove();
      view.append(sheet);
    }
  }
  return { html: '<!doctype html>' + copy.outerHTML };
}`;

/**
 * Readies a print: forgets the last one, names the pages to lay out (`data-print-only`, read by
 * the frame's print view; all of them when null) and stands in for window.print() with a print
 * that holds the frame's print layout until 'afterprint' (see printDocument in the frame), when
 * the renderer has read it.
 */
export const holdNextPrint = String.raw`(pageNames) => {
  const root = document.documentElement;
  delete root.dataset.printedPages;
  if (pageNames === null) delete root.dataset.printOnly;
  else root.dataset.printOnly = JSON.stringify(pageNames);
  window.print = () => new Promise((resolve) => addEventListener('afterprint', () => resolve(), { once: true }));
}`;

export const printLaidOut = `document.documentElement.dataset.printedPages !== undefined`;

export const endPrint = `dispatchEvent(new Event('afterprint'))`;
