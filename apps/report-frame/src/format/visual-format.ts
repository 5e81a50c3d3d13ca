/**
 * A visual's format options (`options`, written by the format pane) read as bi-model's
 * `readVisualFormat` reads them, without building its schemas on the cold path (decision 0312):
 * each known key through the quick check, and through Zod when only Zod can tell.
 */
import type { VisualFormat, VisualNumberFormat } from '@vitrina/bi-model';
import { checkAnswer, checkAnswerProperty } from '../api/answer-check.ts';
import { loadedSchemas } from '../api/answer-verdict.ts';

export function readVisualFormat(options: Record<string, unknown> | undefined): VisualFormat {
  const format: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    const checked = checkAnswerProperty('VisualFormat', key, value);
    if (checked === 'unsure') {
      // A refinement (an axis' min below its max). Options reach the view from a BI answer or the
      // editor, and either has loaded Zod for a value like this one: the answer's own check was
      // unsure of it too. Without Zod the key is left out, as if it were malformed.
      const zod = loadedSchemas();
      if (zod) return zod.readVisualFormat(options);
      continue;
    }
    if (checked && checked.value !== undefined) format[key] = checked.value;
  }
  return format as VisualFormat;
}

/** A visual's own number format (`options.numberFormat`), if valid. */
export function numberFormatOf(options: Record<string, unknown> | undefined): VisualNumberFormat {
  const value = options?.['numberFormat'];
  const checked = checkAnswer('VisualNumberFormat', value);
  if (checked !== 'unsure') return checked ? (checked.value as VisualNumberFormat) : {};
  const parsed = loadedSchemas()?.answerSchemas.VisualNumberFormat.safeParse(value);
  return parsed?.success ? parsed.data : {};
}
