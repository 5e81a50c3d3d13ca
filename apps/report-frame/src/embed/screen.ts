/** What the frame shows: nothing yet, a load in progress, an error, or what was loaded. */
import type { BiErrorCode } from '../api/bi-client.ts';
import type { DashboardView } from '../dashboard/dashboard-types.ts';
import type { PaginatedView } from '../paginated/paginated-types.ts';
import type { QnaView } from '../qna/qna-view.ts';
import type { ReportController } from '../report/report-controller.ts';

export type LoadedScreen =
  | { kind: 'report'; controller: ReportController }
  | { kind: 'dashboard'; view: DashboardView }
  | { kind: 'paginated'; view: PaginatedView }
  | { kind: 'qna'; view: QnaView };

export type ScreenState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; code: BiErrorCode; message: string; hidden: boolean }
  | LoadedScreen;
