import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { renderDeclarations } from '../scripts/render-types.ts';

describe('renderDeclarations', () => {
  it('names registered schemas, marks optional fields and keeps descriptions as comments', () => {
    const kind = z.enum(['a', 'b']).meta({ id: 'TestKind' });
    const item = z
      .object({
        kind,
        size: z.number().optional().describe('in px'),
        tags: z.array(z.union([z.string(), z.null()])).default([]),
      })
      .meta({ id: 'TestItem' });
    expect(renderDeclarations([item, kind])).toBe(
      [
        'interface TestItem {',
        '  kind: TestKind;',
        '  size?: number; // in px',
        '  tags?: (string | null)[]; // default []',
        '}',
        '',
        "type TestKind = 'a' | 'b';",
      ].join('\n'),
    );
  });

  it('refuses a schema kind it cannot render', () => {
    const dated = z.object({ at: z.date() }).meta({ id: 'TestDated' });
    expect(() => renderDeclarations([dated])).toThrow(/"date" schema/);
  });
});
