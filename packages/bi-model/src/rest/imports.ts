/**
 * File imports (Power BI's Imports API) and refreshes of datasets with a source: what
 * `POST …/imports` answers and `GET …/imports/{id}` and `GET …/refreshes` show.
 */
import { z } from 'zod';

/** Where an import stands: still being read (`Publishing`), done, or refused with an `error`. */
export const importStates = ['Publishing', 'Succeeded', 'Failed'] as const;
export const importStateSchema = z.enum(importStates);
export type ImportState = z.infer<typeof importStateSchema>;

/** `POST …/imports?datasetDisplayName=…`: what to do when a dataset of that name exists. */
export const nameConflictSchema = z.enum(['Abort', 'Overwrite', 'CreateOrOverwrite', 'Ignore']);
export type NameConflict = z.infer<typeof nameConflictSchema>;

/** `POST …/imports`'s answer (202): the import to follow with `GET …/imports/{id}`. */
export const importCreatedSchema = z.object({ id: z.string() });

export const importSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    importState: importStateSchema,
    createdDateTime: z.string(),
    updatedDateTime: z.string(),
    datasets: z.array(z.object({ id: z.string(), name: z.string() })),
    reports: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Set when the import failed; the message names the line and column of a malformed file. */
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .meta({ id: 'Import' });
export type Import = z.infer<typeof importSchema>;
/** `GET …/imports`: the workspace's imports, newest first. */
export const importListSchema = z.object({ value: z.array(importSchema) });
