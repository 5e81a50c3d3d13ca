import { biErrorBodySchema } from '@vitrina/bi-model';
import { z } from 'zod';

/** Power BI's error body, `{ error: { code, message } }`, as the BI contract defines it. */
export const powerBiErrorSchema = biErrorBodySchema;

/** Entra ID's OAuth2 error body (token endpoint). */
export const aadErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  error_codes: z.array(z.number()),
  timestamp: z.string(),
  trace_id: z.string(),
  correlation_id: z.string(),
});

/** The error answers every Power BI REST and embed API route may give. */
export const powerBiErrors = { '4xx': powerBiErrorSchema, '5xx': powerBiErrorSchema } as const;
