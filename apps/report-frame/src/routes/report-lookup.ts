/** What report routes look up first: the loaded report, and the page a request names. */
import type { PageDefinition } from '../api/types.ts';
import type { FrameSession } from '../embed/session.ts';
import type { ReportController } from '../report/report-controller.ts';
import { RequestError } from '../protocol/request-error.ts';

export function currentReport(session: FrameSession): ReportController {
  const screen = session.screen.get().screen;
  if (screen.kind === 'report') return screen.controller;
  if (screen.kind === 'paginated')
    throw new RequestError(400, [{ message: 'This API is not supported for paginated reports' }]);
  throw new RequestError(400, [{ message: 'No report is loaded' }]);
}

export function pageOf(controller: ReportController, name: string): PageDefinition {
  const page = controller.state.report.definition.pages.find((p) => p.name === name);
  if (!page) throw new RequestError(400, [{ message: `Page ${name} was not found` }]);
  return page;
}
