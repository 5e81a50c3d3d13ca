import { describe, expect, it } from 'vitest';
import { readDoc, renderTypeBlock, withTypeBlock } from '../scripts/doc-types.ts';

describe('docs/bi-embed-api.md', () => {
  it('shows the types the bi-model schemas define (npm run docs -w @vitrina/bi-model)', async () => {
    const document = readDoc();
    expect(withTypeBlock(document, await renderTypeBlock())).toBe(document);
  });
});
