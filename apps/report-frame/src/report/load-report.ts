/** /report/load and /report/prepare: fetch the report with the token, build its view, post `loaded`. */
import type { IReportLoadConfiguration } from '@vitrina/embed-sdk/protocol';
import { isPaginated, type ReportDefinition } from '../api/types.ts';
import type { FrameSession } from '../embed/session.ts';
import type { FrameFilter } from '../query/filter-types.ts';
import type { FrameSettings } from '../state/report-state.ts';
import { PaginatedView } from '../paginated/paginated-types.ts';
import { applyBookmarkByName, applyBookmarkState } from './bookmarks.ts';
import { ReportController } from './report-controller.ts';
import { applyThemeJson } from './theme.ts';

export async function loadReport(
  session: FrameSession,
  uid: string | undefined,
  config: IReportLoadConfiguration,
  phased: boolean,
): Promise<void> {
  if (session.isRepeat(uid, config)) return;
  const settings = (config.settings ?? {}) as FrameSettings;
  const sequence = session.beginLoad(uid, 'report', config.accessToken);
  const client = session.client!;
  try {
    const report = await client.getReport(config.id);
    if (!session.isCurrent(sequence)) return;
    if (isPaginated(report.definition)) {
      const view = new PaginatedView(client, { ...report, definition: report.definition }, session);
      session.show({ kind: 'paginated', view });
      session.emit('loaded', null);
      void view.load();
      return;
    }
    const controller = new ReportController(
      client,
      {
        report: { ...report, definition: report.definition as ReportDefinition },
        pageName: config.pageName,
        filters: (config.filters ?? []) as FrameFilter[],
        settings,
        renderNow: !phased,
      },
      session.messages,
      session.format,
      (name, body) => session.emit(name, body),
    );
    if (config.theme?.themeJson) {
      controller.store.set((s) => ({ theme: applyThemeJson(s.theme, config.theme?.themeJson) }));
    }
    if (config.bookmark && 'name' in config.bookmark)
      applyBookmarkByName(controller, config.bookmark.name);
    else if (config.bookmark && 'state' in config.bookmark)
      applyBookmarkState(controller, config.bookmark.state);
    session.show({ kind: 'report', controller });
    session.emit('loaded', null);
  } catch (error) {
    if (session.isCurrent(sequence)) session.fail(error, settings.hideErrors === true);
  }
}
