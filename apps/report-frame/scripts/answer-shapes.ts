/**
 * The BI service's answers as the frame checks them on its cold path (src/api/answer-check.ts):
 * bi-model's Zod schemas as JSON Schema. A refinement, which JSON Schema cannot state, is marked
 * `x-refined`, so the frame's check leaves such a value to Zod, unless its schema names it
 * (`x-refinement`) and the check knows it by that name.
 */
import { z } from 'zod';
import { answerSchemas } from '../src/api/answer-schemas.ts';

/** Checks JSON Schema cannot state: a refinement's function, a trim that rewrites the value. */
const UNSTATED_CHECKS = new Set(['custom', 'overwrite']);

function jsonSchemaOf(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, {
    override: ({ zodSchema, jsonSchema }) => {
      const checks = (zodSchema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
      const unstated = checks.filter((check) => UNSTATED_CHECKS.has(check._zod.def.check));
      // One refinement the quick check knows by the name its schema gives it is stated as such.
      const named = unstated.length === 1 && typeof jsonSchema['x-refinement'] === 'string';
      if (unstated.length > 0 && !named) jsonSchema['x-refined'] = true;
    },
  });
}

/** The text of src/api/answer-shapes.json. */
export function answerShapesText(): string {
  const shapes = Object.fromEntries(
    Object.entries(answerSchemas).map(([name, schema]) => [name, jsonSchemaOf(schema)]),
  );
  return `${JSON.stringify(shapes, null, 1)}\n`;
}
