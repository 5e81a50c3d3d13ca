/** Report definitions: pages of placed visuals, filters at three levels, bookmarks and a theme. */
import { SectionVisibility } from '@vitrina/embed-sdk/protocol';
import { z } from 'zod';
import { fieldRefSchema } from './fields.ts';
import { filterSchema } from './filters.ts';
import { dataRoleSchema, visualTypeSchema } from './visual-types.ts';
import { visualFormatSchema } from './visual-format.ts';

const filters = (level: string) => z.array(filterSchema).optional().describe(`${level} filters`);

export const visualLayoutSchema = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  width: z.number(),
  height: z.number(),
});
export type VisualLayout = z.infer<typeof visualLayoutSchema>;

export const visualDefinitionSchema = z
  .object({
    name: z.string().min(1).describe('stable id, e.g. "VisualContainer3"'),
    title: z.string().optional(),
    type: visualTypeSchema,
    layout: visualLayoutSchema,
    fields: z.partialRecord(dataRoleSchema, z.array(fieldRefSchema)),
    filters: filters('visual-level'),
    options: visualFormatSchema.optional().describe('VisualFormat and per-type keys, see below'),
  })
  .meta({ id: 'VisualDefinition' });
export type VisualDefinition = z.infer<typeof visualDefinitionSchema>;

export const pageDefinitionSchema = z
  .object({
    name: z.string().min(1).describe('stable id, e.g. "ReportSection1"'),
    displayName: z.string(),
    width: z.number().describe('design size in px (16:9 default 1280 × 720)'),
    height: z.number(),
    visibility: z
      .literal([SectionVisibility.AlwaysVisible, SectionVisibility.HiddenInViewMode])
      .optional()
      .describe('SectionVisibility'),
    filters: filters('page-level'),
    visuals: z.array(visualDefinitionSchema),
    mobileLayout: z
      .array(
        z.object({
          name: z.string(),
          x: z.number(),
          y: z.number(),
          width: z.number(),
          height: z.number(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'PageDefinition' });
export type PageDefinition = z.infer<typeof pageDefinitionSchema>;

export const reportThemeSchema = z.object({
  name: z.string(),
  dataColors: z.array(z.string()),
  background: z.string().optional(),
  foreground: z.string().optional(),
  tableAccent: z.string().optional(),
});
export type ReportTheme = z.infer<typeof reportThemeSchema>;

export const reportBookmarkSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  state: z.string().describe('JSON written by the frame (BookmarkState below)'),
});
export type ReportBookmark = z.infer<typeof reportBookmarkSchema>;

export const reportDefinitionSchema = z
  .object({
    pages: z
      .array(pageDefinitionSchema)
      .min(1)
      .describe('in display order; the first is the default page'),
    filters: filters('report-level'),
    bookmarks: z.array(reportBookmarkSchema).optional(),
    theme: reportThemeSchema.optional(),
  })
  .meta({ id: 'ReportDefinition' });
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
