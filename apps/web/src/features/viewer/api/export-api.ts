import type { ReportExport, StartReportExport } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

const exportPath = (uid: string) => `viewer/report/${encodeURIComponent(uid)}/export`;
const jobPath = (uid: string, id: string) => `${exportPath(uid)}/${encodeURIComponent(id)}`;

/** POST viewer/report/{uid}/export: starts the export of the view the viewer has. */
export const startReportExport = (uid: string, request: StartReportExport) =>
  api.post<ReportExport>(exportPath(uid), request);

/** GET …/export/{id}: its state and percentComplete. */
export const fetchReportExport = (uid: string, id: string) =>
  api.get<ReportExport>(jobPath(uid, id));

/** GET …/export/{id}/file: the finished file, through the portal. */
export const fetchReportExportFile = (uid: string, id: string) =>
  api.file(`${jobPath(uid, id)}/file`);

/** DELETE …/export/{id}: cancels the export (its job is aborted on the bundled service). */
export const cancelReportExport = (uid: string, id: string) =>
  api.delete<ReportExport>(jobPath(uid, id));
