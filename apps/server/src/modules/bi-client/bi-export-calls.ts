import { exportSchema, type ExportReportRequest } from '@vitrina/bi-model/rest';
import { reportPath } from './bi-paths.ts';
import type { BiRequester } from './bi-requester.ts';
import type { BiCredentials } from './bi-token-provider.ts';

/** A report of a workspace, as every Export To File call names it. */
export interface BiReportRef {
  workspaceId: string;
  reportId: string;
}

const exportPath = ({ workspaceId, reportId }: BiReportRef, exportId: string) =>
  `${reportPath(workspaceId, reportId)}/exports/${encodeURIComponent(exportId)}`;

/**
 * Power BI's Export To File: start a job, poll it, fetch its file. The same three calls run
 * against Power BI (a workspace on Premium, Embedded or Fabric capacity) and the bundled service.
 */
export function exportCalls({ call, callWithRetryAfter, download }: BiRequester) {
  return {
    /** `POST …/ExportTo`: 202 with the job, `NotStarted` or already `Running`. */
    exportReport(credentials: BiCredentials, report: BiReportRef, request: ExportReportRequest) {
      return call(credentials, {
        method: 'POST',
        path: `${reportPath(report.workspaceId, report.reportId)}/ExportTo`,
        body: request,
        answer: exportSchema,
      });
    },

    /**
     * `GET …/exports/{exportId}`: the job's state and `percentComplete`, and its `Retry-After`
     * in seconds (a poll's wait while it runs; on a `Failed` job, the wait before asking again).
     */
    async getExport(credentials: BiCredentials, report: BiReportRef, exportId: string) {
      const { answer, retryAfterMs } = await callWithRetryAfter(credentials, {
        method: 'GET',
        path: exportPath(report, exportId),
        answer: exportSchema,
      });
      return {
        ...answer,
        ...(retryAfterMs === undefined
          ? {}
          : { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }),
      };
    },

    /**
     * `DELETE …/exports/{exportId}`: the bundled service's cancel (decision 0305); Power BI has
     * no such call and refuses it.
     */
    cancelExport(credentials: BiCredentials, report: BiReportRef, exportId: string) {
      return call(credentials, {
        method: 'DELETE',
        path: exportPath(report, exportId),
        answer: exportSchema,
      });
    },

    /** `GET …/exports/{exportId}/file`: the file of a `Succeeded` job, streamed. */
    exportFile(credentials: BiCredentials, report: BiReportRef, exportId: string) {
      return download(credentials, `${exportPath(report, exportId)}/file`);
    },
  };
}
