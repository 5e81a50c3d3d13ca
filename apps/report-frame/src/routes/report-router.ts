/** Registration of the routes that act on the loaded report (400 while there is none). */
import type { IExtendedRequest, Router } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import type { ReportController } from '../report/report-controller.ts';
import { respond } from '../protocol/respond.ts';
import { currentReport } from './report-lookup.ts';

type ReportHandler = (controller: ReportController, request: IExtendedRequest) => unknown;

/** `router`'s methods for handlers that take the session's current report and the request. */
export function reportRouter(router: Router, session: FrameSession) {
  const on = (handler: ReportHandler) =>
    respond((request) => handler(currentReport(session), request));
  return {
    get: (path: string, handler: ReportHandler) => router.get(path, on(handler)),
    put: (path: string, handler: ReportHandler) => router.put(path, on(handler)),
    post: (path: string, handler: ReportHandler) => router.post(path, on(handler)),
    patch: (path: string, handler: ReportHandler) => router.patch(path, on(handler)),
  };
}
