import { z } from 'zod';
import { biErrorBodySchema } from '@vitrina/bi-model';
import { aadErrorSchema } from '../../http/error-schemas.ts';

export const tenantParams = z.object({ tenant: z.string() });

const formField = z.string().optional();

/** The form of a token request; a client may also send its credentials in a Basic header. */
export const tokenForm = z
  .looseObject({
    grant_type: formField,
    client_id: formField,
    client_secret: formField,
    username: formField,
    password: formField,
    scope: formField,
  })
  .optional();

const tokenSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  ext_expires_in: z.number(),
  access_token: z.string(),
  scope: z.string(),
  id_token: z.string().optional(),
  client_info: z.string().optional(),
});

/** Entra ID's answers; a refused request body or the rate limit answer in Power BI's shape. */
export const tokenResponses = {
  200: tokenSchema,
  '4xx': z.union([aadErrorSchema, biErrorBodySchema]),
  '5xx': biErrorBodySchema,
} as const;
