import { biErrorBodySchema } from '@vitrina/bi-model';
import { z } from 'zod';

/** Entra ID's OAuth2 error body (token endpoint). */
export const aadErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  error_codes: z.array(z.number()),
  timestamp: z.string(),
  trace_id: z.string(),
  correlation_id: z.string(),
});

/** The error answers every Power BI REST and embed API route may give: the contract's body. */
export const powerBiErrors = { '4xx': biErrorBodySchema, '5xx': biErrorBodySchema } as const;
