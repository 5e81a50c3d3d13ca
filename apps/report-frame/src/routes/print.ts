/** /report/print: the report page by page, or the paginated report's pages. */
import type { FrameSession } from '../embed/session.ts';
import { RequestError } from '../protocol/request-error.ts';

export async function printReport(session: FrameSession): Promise<void> {
  const screen = session.screen.get().screen;
  if (screen.kind === 'report') return screen.controller.print();
  if (screen.kind === 'paginated') return screen.view.print();
  throw new RequestError(400, [{ message: 'No report is loaded' }]);
}
