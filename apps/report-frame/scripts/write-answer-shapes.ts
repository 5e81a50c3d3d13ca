/** Rewrites the frame's shapes files from the bi-model schemas (run after changing them). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { shapeFiles, shapesOf } from './answer-shapes.ts';

for (const [file, schemas] of Object.entries(shapeFiles)) {
  const path = new URL(`../${file}`, import.meta.url).pathname;
  writeFileSync(path, `${JSON.stringify(shapesOf(schemas), null, 2)}\n`);
  // Formatted as the repository formats JSON, so a rewrite changes only what changed.
  execFileSync('npx', ['prettier', '--write', path], { stdio: 'inherit' });
  console.log(`wrote ${path}`);
}
