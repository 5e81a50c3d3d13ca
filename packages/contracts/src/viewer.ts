import { z } from 'zod';
import { reportKindSchema } from './accounts.ts';

/** `GET viewer/report/{uid}`: what the viewer needs to embed one report with View access. */
export const viewerReportSchema = z.object({
  name: z.string(),
  /** Embed token for this one report. */
  accessToken: z.string(),
  reportId: z.string(),
  groupId: z.string(),
  embedUrl: z.string(),
  type: reportKindSchema,
  /** ISO time at which `accessToken` expires. */
  expiration: z.string(),
});
export type ViewerReport = z.infer<typeof viewerReportSchema>;
