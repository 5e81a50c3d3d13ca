/**
 * The script of the export's host page: what a portal does with the SDK (embed, bookmarks, pages,
 * print), as functions the renderer calls one step at a time. It runs in the browser, so it is
 * plain JavaScript in a string; the SDK's script bundle (`window.powerbi`) runs before it.
 */
const hostScript = String.raw`
(() => {
  const container = document.getElementById('embed');
  let report = null;

  /** The next 'rendered' of the report, or its next 'error' as a rejection. */
  function nextRendered() {
    return new Promise((resolve, reject) => {
      const done = () => {
        report.off('rendered', onRendered);
        report.off('error', onError);
      };
      const onRendered = () => { done(); resolve(); };
      const onError = (event) => {
        done();
        const detail = event.detail || {};
        reject(new Error(detail.detailedMessage || detail.message || JSON.stringify(detail)));
      };
      report.on('rendered', onRendered);
      report.on('error', onError);
    });
  }

  const stateOf = async () => (await report.bookmarksManager.capture()).state;

  window.exportHost = {
    /** Loads the report page ahead of any job (SDK bootstrap): its scripts are ready when one comes. */
    bootstrap(embedUrl) {
      const bootstrapped = powerbi.bootstrap(container, { type: 'report', embedUrl });
      return new Promise((resolve) => bootstrapped.iframe.addEventListener('load', resolve, { once: true }));
    },

    /**
     * Embeds the report (in the bootstrapped page when 'reuse', else in a new one) and resolves on
     * its first 'rendered'; answers the pages of an interactive report.
     */
    async embed(config, paginated, reuse) {
      if (!reuse) powerbi.reset(container);
      report = powerbi.embed(container, config);
      await nextRendered();
      if (paginated) return [];
      const pages = await report.getPages();
      return pages.map((p) => ({ name: p.name, displayName: p.displayName, size: p.defaultSize }));
    },

    /** The view as a bookmark state, to come back to it. */
    currentState: stateOf,

    /** Applies a bookmark and shows a page; waits for 'rendered' when that changed the view. */
    async show(step) {
      const before = await stateOf();
      const rendered = nextRendered();
      rendered.catch(() => {});
      if (step.bookmarkState) await report.bookmarksManager.applyState(step.bookmarkState);
      else if (step.bookmarkName) await report.bookmarksManager.apply(step.bookmarkName);
      await report.setPage(step.pageName);
      if ((await stateOf()) !== before) await rendered;
    },

    /** Asks the frame to print (as report.print() does, also for paginated reports). */
    print() {
      const headers = { uid: report.config.uniqueId };
      window.exportPrint = report.service.hpm.post('/report/print', null, headers, report.iframe.contentWindow);
      window.exportPrint.catch(() => {});
    },

    /** Resolves when the frame's print is over. */
    printed() {
      return window.exportPrint;
    },
  };
})();
`;

/** The host page: a container of the page's size, the SDK bundle, then the script above. */
export function hostPage(sdkBundle: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Exportación</title>
<style>html,body{margin:0;background:#fff}#embed{width:1280px;height:720px}#embed iframe{border:0}</style>
</head><body><div id="embed"></div><script>${sdkBundle}</script><script>${hostScript}</script></body></html>`;
}
