import { reportExportFormats } from '@vitrina/bi-model/rest';
import { z } from 'zod';
import { opaqueId } from './fields.ts';
import { validationMessages } from './messages.ts';
import { reportUidParamsSchema } from './params.ts';

/**
 * "Exportar" in the viewer (issue 27): the portal starts Power BI's Export To File for the view
 * the viewer has, polls it and hands the file over. The export id the portal answers is its own
 * handle, bound to the user and the report (decision 0249), not the BI service's id.
 */

/** The formats of a Power BI report export: PDF, PNG (a .zip for several pages) and PPTX. */
export const exportFormats = reportExportFormats;
export type ReportExportFormat = (typeof exportFormats)[number];

/** A captured bookmark state (`bookmarksManager.capture()`) is far below this. */
export const maxBookmarkStateLength = 200_000;

/** `POST viewer/report/{uid}/export`. */
export const startExportSchema = z.object({
  format: z.enum(exportFormats, {
    error: (issue) =>
      issue.input === undefined ? validationMessages.required : validationMessages.unknownOption,
  }),
  /** The page to export (the one on screen); without it, every visible page. */
  pageName: opaqueId.optional(),
  /** The view as the SDK captured it: filters, slicers, drill and page. */
  bookmarkState: z
    .string({ error: validationMessages.wrongType })
    .min(1, validationMessages.required)
    .max(maxBookmarkStateLength, validationMessages.wrongType)
    .optional(),
});
export type StartReportExport = z.infer<typeof startExportSchema>;

/** Path `viewer/report/{uid}/export/{exportId}[/file]`. */
export const reportExportParamsSchema = reportUidParamsSchema.extend({ exportId: opaqueId });

/** The export as the viewer follows it. */
export const reportExportSchema = z.object({
  id: z.string(),
  status: z.enum(['NotStarted', 'Running', 'Succeeded', 'Failed']),
  percentComplete: z.number().int().min(0).max(100),
  /** Once `Succeeded`: the report's name with the file's extension. */
  fileName: z.string().optional(),
  /** Once `Failed`: why, in Spanish. */
  message: z.string().optional(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;
