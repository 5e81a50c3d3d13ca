/** /report/load and /report/prepare: fetch the report with the token, build its view, post `loaded`. */
import type { BiClient } from '../api/bi-client.ts';
import { isPaginated } from '../api/types.ts';
import type { FrameSession, Loaded } from '../embed/session.ts';
import { PaginatedView } from '../paginated/paginated-types.ts';
import type { ReportLoad } from '../protocol/parsers.ts';
import { ReportController } from '../report/report-controller.ts';

export interface ReportLoadRequest {
  uid: string | undefined;
  config: ReportLoad;
  /** A phased load (/report/prepare) waits for /report/render before it draws. */
  phased: boolean;
  frontload: boolean;
}

/** The editor, which the composition fetches on demand: a load in edit mode opens it. */
export interface EditorOpener {
  openInEditMode(controller: ReportController): Promise<void>;
}

export function loadReport(
  session: FrameSession,
  request: ReportLoadRequest,
  editor: EditorOpener,
): Promise<void> {
  const { config, phased } = request;
  const hideErrors = config.settings?.hideErrors === true;
  return session.runLoad({ ...request, kind: 'report', hideErrors }, async (client) =>
    buildReport(session, client, { config, phased, editor }),
  );
}

async function buildReport(
  session: FrameSession,
  client: BiClient,
  { config, phased, editor }: { config: ReportLoad; phased: boolean; editor: EditorOpener },
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
  if (config.viewMode === 1) await editor.openInEditMode(controller);
  return { screen: { kind: 'report', controller } };
}
