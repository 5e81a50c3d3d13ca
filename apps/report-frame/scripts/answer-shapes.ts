/**
 * What the frame checks (src/api/answer-check.ts: the BI service's answers, format options, the
 * editor's values) as JSON Schema, from bi-model's Zod schemas. A refinement, which JSON Schema
 * cannot state, is marked `x-refined` unless its schema names it (`x-refinement`): the shapes'
 * test fails on `x-refined` and on a name the check does not know, since the frame has no Zod to
 * ask (decision 0316).
 */
import { z } from 'zod';
import { answerSchemas, editorSchemas } from '../src/api/answer-schemas.ts';

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

/** Each shapes file (from the frame's folder) and the schemas it is written from. */
export const shapeFiles = {
  'src/api/answer-shapes.json': answerSchemas,
  'src/api/editor-shapes.json': editorSchemas,
};

/** The shapes of a table of schemas, as the frame reads them. */
export function shapesOf(schemas: Record<string, z.ZodType>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, jsonSchemaOf(schema)]),
  );
}
