/** Rewrites src/api/answer-shapes.json from the bi-model schemas (run after changing them). */
import { writeFileSync } from 'node:fs';
import { answerShapesText } from './answer-shapes.ts';

const path = new URL('../src/api/answer-shapes.json', import.meta.url);
writeFileSync(path, answerShapesText());
console.log(`wrote ${path.pathname}`);
