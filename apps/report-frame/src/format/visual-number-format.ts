/** A visual's own number format (`options.numberFormat`, written by the format pane), if valid. */
import { visualNumberFormatSchema, type VisualNumberFormat } from '@vitrina/bi-model';
import type { VisualDefinition } from '../api/types.ts';

export function numberFormatOf(visual: VisualDefinition): VisualNumberFormat {
  const parsed = visualNumberFormatSchema.safeParse(visual.options?.['numberFormat']);
  return parsed.success ? parsed.data : {};
}
