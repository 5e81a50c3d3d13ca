/**
 * Row-level-security roles of a dataset the service fills at run time (push, import, PostgreSQL).
 * Power BI keeps roles in the model and has no REST call for them; Vitrina takes them in the same
 * dialect: `roles` in the push-dataset body and `GET`/`PUT …/datasets/{id}/roles` (decision 0170).
 */
import { z } from 'zod';

const objectName = z.string().trim().min(1).max(100);
const roleValue = z.union([z.string(), z.number()]);

/** One table's row filter; the username forms read the token's effective identity. */
export const roleFilterSchema = z
  .discriminatedUnion('operator', [
    z.object({
      table: objectName,
      column: objectName,
      /** Rows whose column holds one of these values. */
      operator: z.literal('In'),
      values: z.array(roleValue).min(1).max(1000),
    }),
    z.object({
      table: objectName,
      column: objectName,
      /** Rows whose column holds the identity's username. */
      operator: z.literal('EqualsUsername'),
    }),
    z.object({
      table: objectName,
      column: objectName,
      /** Rows whose column holds a value listed for the username (compared case-insensitively). */
      operator: z.literal('InUsernameMapping'),
      mapping: z.record(z.string().min(1).max(256), z.array(roleValue).max(1000)),
    }),
  ])
  .meta({ id: 'RoleFilter' });
export type RoleFilter = z.infer<typeof roleFilterSchema>;

/** Every filter of a role applies; several roles of one identity add up, as in Power BI. */
export const datasetRoleSchema = z
  .object({ name: objectName, filters: z.array(roleFilterSchema).max(100) })
  .meta({ id: 'DatasetRole' });
export type DatasetRole = z.infer<typeof datasetRoleSchema>;

export const datasetRoleListSchema = z.array(datasetRoleSchema).max(50);

/** `PUT …/roles` body and `GET …/roles` answer: the whole list (an empty one removes RLS). */
export const datasetRolesSchema = z
  .object({ value: datasetRoleListSchema })
  .meta({ id: 'DatasetRoles' });
export type DatasetRoles = z.infer<typeof datasetRolesSchema>;
