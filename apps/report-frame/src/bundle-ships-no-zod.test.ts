/**
 * The frame checks every answer and edit without Zod (decision 0316): Zod stays bi-model's
 * contract and the tests', and no chunk of the built frame may hold it. A build, not an import
 * rule, since an import of a helper from bi-model's index brings its schema module along only if
 * the bundler cannot leave it out.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

/** Zod 4 keeps each schema's internals under this key: in its core, and in any bundle of it. */
const ZOD_MARK = '_zod';

async function frameChunks(): Promise<Rolldown.OutputChunk[]> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const output = await build({ root, logLevel: 'silent', build: { write: false } });
  return [output]
    .flat()
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
}

describe("the frame's bundle", () => {
  it('holds no Zod in any chunk', { timeout: 60_000 }, async () => {
    const zodCore = readFileSync(new URL('core.js', import.meta.resolve('zod/v4/core')), 'utf8');
    // The mark is Zod's: a chunk with Zod in it would have it.
    expect(zodCore).toContain(ZOD_MARK);
    const chunks = await frameChunks();
    expect(chunks.map((chunk) => chunk.fileName)).toContainEqual(expect.stringMatching(/^assets/));
    const withZod = chunks.filter((chunk) => chunk.code.includes(ZOD_MARK));
    expect(withZod.map((chunk) => chunk.fileName)).toEqual([]);
  });
});
