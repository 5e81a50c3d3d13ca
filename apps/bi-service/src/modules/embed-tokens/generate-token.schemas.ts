import { z } from 'zod';

/** Power BI's per-request limit on reports, datasets and target workspaces in one token. */
const multiResourceLimit = 50;

const accessLevel = z
  .string()
  .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase())
  .pipe(z.enum(['View', 'Edit', 'Create']));

const identity = z.object({
  username: z.string().min(1).max(256),
  roles: z.array(z.string().min(1)).optional(),
  datasets: z.array(z.string().min(1)).min(1),
  reports: z.array(z.string()).optional(),
  customData: z.string().optional(),
});

const lifetimeInMinutes = z.number().int().positive().optional();

/** Body of the per-item GenerateToken calls (report, dashboard, tile). */
export const itemTokenBody = z
  .object({
    accessLevel: accessLevel.optional(),
    allowSaveAs: z.boolean().optional(),
    datasetId: z.string().optional(),
    identities: z.array(identity).optional(),
    lifetimeInMinutes,
  })
  .default({});

/** Body of `POST …/groups/{g}/reports/GenerateToken`: a token to create a report on a dataset. */
export const createReportTokenBody = z.object({
  accessLevel: accessLevel.pipe(z.literal('Create')),
  datasetId: z.string().min(1),
  allowSaveAs: z.boolean().optional(),
  identities: z.array(identity).optional(),
  lifetimeInMinutes,
});

/** Body of the multi-resource `POST /v1.0/myorg/GenerateToken`. */
export const multiResourceTokenBody = z.object({
  reports: z
    .array(z.object({ id: z.string().min(1), allowEdit: z.boolean().optional() }))
    .max(multiResourceLimit)
    .default([]),
  datasets: z
    .array(z.object({ id: z.string().min(1), xmlaPermissions: z.string().optional() }))
    .max(multiResourceLimit)
    .default([]),
  targetWorkspaces: z
    .array(z.object({ id: z.string().min(1) }))
    .max(multiResourceLimit)
    .default([]),
  identities: z.array(identity).optional(),
  lifetimeInMinutes,
});
