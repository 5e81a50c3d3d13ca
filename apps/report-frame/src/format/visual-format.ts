/**
 * A visual's format options (`options`, written by the format pane) read as bi-model's
 * `readVisualFormat` reads them, through the frame's own check (decisions 0312, 0316): each known
 * key on its own, so a malformed key is left out and the others kept.
 */
import type { VisualFormat, VisualNumberFormat } from '@vitrina/bi-model';
import { answerShapes } from '../api/answer-check.ts';

export function readVisualFormat(options: Record<string, unknown> | undefined): VisualFormat {
  const format: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    const checked = answerShapes.checkProperty('VisualFormat', key, value);
    if (checked.ok && checked.value !== undefined) format[key] = checked.value;
  }
  return format as VisualFormat;
}

/** A visual's own number format (`options.numberFormat`), if valid. */
export function numberFormatOf(options: Record<string, unknown> | undefined): VisualNumberFormat {
  const checked = answerShapes.check('VisualNumberFormat', options?.['numberFormat']);
  return checked.ok ? checked.value : {};
}
