/**
 * Zod's verdict on a BI answer without building Zod's schemas when the quick check can give it
 * (decision 0312): a sure answer is returned at once; otherwise the schemas' chunk is loaded and
 * Zod itself decides, so a refused answer gets exactly Zod's error.
 */
import type { z } from 'zod';
import { checkAnswer, type AnswerShape } from './answer-check.ts';
import type { AnswerSchemas, readVisualFormat } from './answer-schemas.ts';

export type Answer<S extends AnswerShape> = z.output<AnswerSchemas[S]>;

/** Zod's result, as far as the frame reads it. */
export type Verdict<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

interface LoadedSchemas {
  answerSchemas: AnswerSchemas;
  readVisualFormat: typeof readVisualFormat;
}

let loaded: LoadedSchemas | undefined;

/** The schemas' chunk, loaded once: for an answer only Zod can judge, and by the editor. */
export async function loadSchemas(): Promise<LoadedSchemas> {
  return (loaded ??= await import('./answer-schemas.ts'));
}

/** The schemas if their chunk has been loaded (an answer went to Zod, or the editor is open). */
export const loadedSchemas = (): LoadedSchemas | undefined => loaded;

export function verdict<S extends AnswerShape>(
  shape: S,
  value: unknown,
): Verdict<Answer<S>> | Promise<Verdict<Answer<S>>> {
  const checked = checkAnswer(shape, value);
  if (checked && checked !== 'unsure') return { success: true, data: checked.value as Answer<S> };
  return loadSchemas().then(
    ({ answerSchemas }) => answerSchemas[shape].safeParse(value) as Verdict<Answer<S>>,
  );
}
