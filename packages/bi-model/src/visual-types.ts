/** The visual types a report definition may use, and the data roles their fields fill. */
import { z } from 'zod';
import { visualTypes } from './schema-free.ts';

export { visualTypes };

export const visualTypeSchema = z.enum(visualTypes).meta({ id: 'VisualType' });
export type VisualType = z.infer<typeof visualTypeSchema>;

export const dataRoleSchema = z
  .enum(['category', 'series', 'values', 'columns', 'target', 'x', 'y', 'size', 'tooltips'])
  .meta({ id: 'DataRole' });
export type DataRole = z.infer<typeof dataRoleSchema>;
