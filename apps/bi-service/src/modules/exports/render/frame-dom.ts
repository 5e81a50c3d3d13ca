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
 * The frame's document while its print view is up, as static HTML: no scripts, the report on
 * screen left out, and only the sheet of `pageName` (and in it only `visualName`) when named;
 * null when the print view has no sheet of `pageName`.
 */
export const printSnapshot = String.raw`(keep) => {
  const copy = document.documentElement.cloneNode(true);
  for (const element of copy.querySelectorAll('script, .report-main')) element.remove();
  if (keep.pageName !== null) {
    const sheets = [...copy.querySelectorAll('.print-page')];
    const kept = sheets.find((sheet) => sheet.dataset.pageName === keep.pageName);
    if (!kept) return null;
    for (const sheet of sheets) if (sheet !== kept) sheet.remove();
    if (keep.visualName !== null)
      for (const visual of kept.querySelectorAll('[data-visual-name]'))
        if (visual.dataset.visualName !== keep.visualName) visual.remove();
  }
  return '<!doctype html>' + copy.outerHTML;
}`;

/**
 * Readies a print: forgets the last one and stands in for window.print() with a print that holds
 * the frame's print layout until 'afterprint' (see printDocument in the frame), when the renderer
 * has read it.
 */
export const holdNextPrint = String.raw`(() => {
  delete document.documentElement.dataset.printedPages;
  window.print = () => new Promise((resolve) => addEventListener('afterprint', () => resolve(), { once: true }));
})()`;

export const printLaidOut = `document.documentElement.dataset.printedPages !== undefined`;

export const endPrint = `dispatchEvent(new Event('afterprint'))`;
