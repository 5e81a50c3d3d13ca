import { z } from 'zod';
import { ssoPublicConfigSchema } from './sso.ts';

/** `GET infraestructure/about`. */
export const aboutSchema = z.object({ instance: z.string(), site: z.string() });
export type About = z.infer<typeof aboutSchema>;

/** `GET /api/public-config` (no session): white-label branding and the BI embed origin. */
export const publicConfigSchema = z.object({
  title: z.string(),
  productName: z.string(),
  providerName: z.string(),
  providerSite: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  /** Origin of the BI service's embed pages, for preloading and `frame-src`. */
  embedOrigin: z.string(),
  /** Sign-in through the company's provider; null when only local accounts exist. */
  sso: ssoPublicConfigSchema.nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** `GET /api/health`. */
export const healthSchema = z.object({ status: z.literal('ok') });
