/** The public shape of a dataset's model, as the frame reads it (no expressions, no roles). */
import { z } from 'zod';
import { dataTypeSchema } from './fields.ts';

export const hierarchySchema = z.object({
  name: z.string(),
  levels: z.array(z.object({ name: z.string(), column: z.string() })),
});
export type Hierarchy = z.infer<typeof hierarchySchema>;

export const datasetSchemaSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    tables: z.array(
      z.object({
        name: z.string(),
        columns: z.array(
          z.object({ name: z.string(), dataType: dataTypeSchema, format: z.string().optional() }),
        ),
        measures: z.array(z.object({ name: z.string(), format: z.string().optional() })),
        hierarchies: z.array(hierarchySchema),
      }),
    ),
  })
  .meta({ id: 'DatasetSchema' });
export type DatasetSchema = z.infer<typeof datasetSchemaSchema>;
