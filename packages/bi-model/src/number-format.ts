/**
 * A visual's own number format (`visual.options.numberFormat`), set in the editor's format pane:
 * the display units of its figures and how many decimals they keep. Unset fields follow the
 * model's format string and Power BI's automatic display units.
 */
import { z } from 'zod';
import { displayUnits, MAX_DECIMALS } from './schema-free-editor.ts';

export { displayUnits, MAX_DECIMALS } from './schema-free-editor.ts';
export const displayUnitsSchema = z.enum(displayUnits);
export type DisplayUnits = z.infer<typeof displayUnitsSchema>;

export const visualNumberFormatSchema = z
  .object({
    displayUnits: displayUnitsSchema.optional(),
    decimals: z.number().int().min(0).max(MAX_DECIMALS).optional(),
  })
  .meta({ id: 'VisualNumberFormat' });
export type VisualNumberFormat = z.infer<typeof visualNumberFormatSchema>;
