/** Paginated (printable, paged table) report definitions: one query, its columns, page size. */
import { z } from 'zod';
import { fieldRefSchema } from './fields.ts';
import { querySchema } from './query.ts';

export const paginatedDefinitionSchema = z
  .object({
    title: z.string(),
    query: querySchema.describe('the rows to print'),
    columns: z
      .array(
        z.object({
          field: fieldRefSchema,
          header: z.string(),
          format: z.string().optional(),
          width: z.number().optional(),
        }),
      )
      .min(1),
    rowsPerPage: z.number().int().min(1),
  })
  .meta({ id: 'PaginatedDefinition' });
export type PaginatedDefinition = z.infer<typeof paginatedDefinitionSchema>;

export { isPaginated } from './schema-free.ts';
