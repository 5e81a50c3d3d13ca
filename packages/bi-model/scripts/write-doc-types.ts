/** Rewrites the generated type block of docs/bi-embed-api.md from the bi-model schemas. */
import { writeFileSync } from 'node:fs';
import { docPath, readDoc, renderTypeBlock, withTypeBlock } from './doc-types.ts';

writeFileSync(docPath, withTypeBlock(readDoc(), await renderTypeBlock()));
console.log(`wrote the type block of ${docPath}`);
