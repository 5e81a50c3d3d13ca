/** /report/load and /report/prepare: fetch the report with the token, build its view, post `loaded`. */
import type { BiClient } from '../api/bi-client.ts';
import { isPaginated } from '../api/types.ts';
import type { FrameSession, Loaded } from '../embed/session.ts';
import { PaginatedView } from '../paginated/paginated-types.ts';
import type { ReportLoad } from '../protocol/parsers.ts';
import { loadEditor } from './editor-chunk.ts';
import { ReportController } from './report-controller.ts';

export interface ReportLoadRequest {
  uid: string | undefined;
  config: ReportLoad;
  /** A phased load (/report/prepare) waits for /report/render before it draws. */
  phased: boolean;
  frontload: boolean;
}

export function loadReport(session: FrameSession, request: ReportLoadRequest): Promise<void> {
  const { config, phased } = request;
  const hideErrors = config.settings?.hideErrors === true;
  return session.runLoad({ ...request, kind: 'report', hideErrors }, async (client) =>
    buildReport(session, client, config, phased),
  );
}

async function buildReport(
  session: FrameSession,
  client: BiClient,
  config: ReportLoad,
  phased: boolean,
): Promise<Loaded> {
  // The service starts the page's queries while the frame builds the view, unless the load's
  // filters or bookmark change what that page asks for.
  const startsAsDefined = !config.filters?.length && !config.bookmark;
  const report = await client.getReport(
    config.id,
    startsAsDefined ? { startPage: config.pageName ?? '' } : {},
  );
  const { definition } = report;
  if (isPaginated(definition)) {
    const view = new PaginatedView(client, { ...report, definition }, session);
    return { screen: { kind: 'paginated', view }, afterLoaded: () => void view.load() };
  }
  const controller = new ReportController(
    client,
    {
      report: { ...report, definition },
      pageName: config.pageName,
      filters: config.filters ?? [],
      settings: config.settings ?? {},
      renderNow: !phased,
    },
    session,
  );
  if (config.theme?.themeJson) controller.applyTheme(config.theme.themeJson);
  if (config.bookmark && 'name' in config.bookmark)
    controller.bookmarks.applyByName(config.bookmark.name);
  else if (config.bookmark && 'state' in config.bookmark)
    controller.bookmarks.applyState(config.bookmark.state);
  // Only an edit-mode load (viewMode 1) fetches the editor; a viewer never does.
  if (config.viewMode === 1) (await loadEditor(session)).openInMode(controller, config.viewMode);
  return { screen: { kind: 'report', controller } };
}
