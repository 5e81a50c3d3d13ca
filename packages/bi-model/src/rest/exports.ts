/**
 * Export To File: `POST …/reports/{id}/ExportTo` starts a job, `GET …/exports/{exportId}` polls
 * it and `GET …/exports/{exportId}/file` gives the file. The shapes are Power BI's, so the portal
 * drives the bundled service and Power BI itself with the same calls.
 */
import { z } from 'zod';
import { effectiveIdentitySchema } from './embed-tokens.ts';

/** Formats a Power BI (not paginated) report exports to. */
export const reportExportFormats = ['PDF', 'PNG', 'PPTX'] as const;
/** Every format name Power BI's request takes; the service refuses those it cannot make. */
export const exportFormatSchema = z
  .enum(['PDF', 'PNG', 'PPTX', 'IMAGE', 'XLSX', 'DOCX', 'CSV', 'XML', 'MHTML', 'ACCESSIBLEPDF'])
  .meta({ id: 'FileFormat' });
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Power BI's limit on pages or visuals in one job. */
export const MAX_EXPORT_PAGES = 50;

/** A bookmark by its name in the report, or by the `state` `bookmarksManager.capture()` gave. */
export const exportBookmarkSchema = z
  .object({ name: z.string().min(1).optional(), state: z.string().min(1).optional() })
  .refine((bookmark) => (bookmark.name === undefined) !== (bookmark.state === undefined), {
    message: 'Give a bookmark name or a state, not both',
  })
  .meta({ id: 'PageBookmark' });
export type ExportBookmark = z.infer<typeof exportBookmarkSchema>;

/** One page (or one visual of it) to export; the list's order is the file's order. */
export const exportPageSchema = z
  .object({
    pageName: z.string().min(1),
    visualName: z.string().min(1).optional(),
    bookmark: exportBookmarkSchema.optional(),
  })
  .meta({ id: 'ExportReportPage' });
export type ExportPage = z.infer<typeof exportPageSchema>;

export const powerBIReportExportConfigurationSchema = z
  .object({
    settings: z
      .object({ locale: z.string().min(2).optional(), includeHiddenPages: z.boolean().optional() })
      .optional(),
    defaultBookmark: exportBookmarkSchema.optional(),
    /** Power BI's URL filter syntax (`Tienda/País eq 'Perú'`), one expression per entry. */
    reportLevelFilters: z.array(z.object({ filter: z.string().min(1) })).optional(),
    pages: z.array(exportPageSchema).max(MAX_EXPORT_PAGES).optional(),
    identities: z.array(effectiveIdentitySchema).optional(),
  })
  .meta({ id: 'PowerBIReportExportConfiguration' });
export type PowerBIReportExportConfiguration = z.infer<
  typeof powerBIReportExportConfigurationSchema
>;

export const paginatedReportExportConfigurationSchema = z
  .object({
    parameterValues: z.array(z.object({ name: z.string().min(1), value: z.string() })).optional(),
    formatSettings: z.record(z.string(), z.string()).optional(),
    identities: z.array(effectiveIdentitySchema).optional(),
  })
  .meta({ id: 'PaginatedReportExportConfiguration' });
export type PaginatedReportExportConfiguration = z.infer<
  typeof paginatedReportExportConfigurationSchema
>;

/** Body of `POST …/reports/{id}/ExportTo`. */
export const exportReportRequestSchema = z
  .object({
    format: exportFormatSchema,
    powerBIReportConfiguration: powerBIReportExportConfigurationSchema.optional(),
    paginatedReportConfiguration: paginatedReportExportConfigurationSchema.optional(),
  })
  .meta({ id: 'ExportReportRequest' });
export type ExportReportRequest = z.infer<typeof exportReportRequestSchema>;

export const exportStateSchema = z
  .enum(['Undefined', 'NotStarted', 'Running', 'Succeeded', 'Failed'])
  .meta({ id: 'ExportState' });
export type ExportState = z.infer<typeof exportStateSchema>;

/** The job, as `ExportTo` answers (202) and every poll answers. Times are ISO 8601. */
export const exportSchema = z
  .object({
    id: z.string(),
    createdDateTime: z.iso.datetime({ offset: true }),
    lastActionDateTime: z.iso.datetime({ offset: true }),
    reportId: z.string(),
    reportName: z.string(),
    status: exportStateSchema,
    percentComplete: z.number().int().min(0).max(100),
    /** The file's URL once `Succeeded`. */
    resourceLocation: z.string().optional(),
    /** `.pdf`, `.png`, `.zip` (several PNG pages) or `.pptx`. */
    resourceFileExtension: z.string().optional(),
    expirationTime: z.iso.datetime({ offset: true }).optional(),
    /** The bundled service's extension: why a `Failed` job failed (Power BI leaves it out). */
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .meta({ id: 'Export' });
export type Export = z.infer<typeof exportSchema>;
