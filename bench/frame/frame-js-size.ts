/**
 * The report frame's built JS, gzipped (Node's default level, as the `frame` benchmark has always
 * counted it): every chunk, the entry (the script and the chunks index.html preloads) and what a
 * report page with charts loads first (the entry and the chart chunk). Reads
 * apps/report-frame/dist, so build first.
 * Run on its own: `npm run bench -- frame-size`, without the `frame` benchmark's timing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../apps/report-frame/dist');

export interface FrameChunk {
  file: string;
  kb: number;
  entry: boolean;
  firstPage: boolean;
}

function frameChunks(): FrameChunk[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const entry = html.includes(file);
      return {
        file,
        kb: gzipSync(readFileSync(join(dist, 'assets', file))).length / 1024,
        entry,
        firstPage: entry || file.startsWith('chart-visuals-'),
      };
    })
    .sort((a, b) => b.kb - a.kb);
}

export function frameJsGzip(chunks = frameChunks()) {
  const sum = (list: FrameChunk[]) => list.reduce((total, chunk) => total + chunk.kb, 0);
  return {
    all: sum(chunks),
    entry: sum(chunks.filter((chunk) => chunk.entry)),
    firstPage: sum(chunks.filter((chunk) => chunk.firstPage)),
  };
}

export function frameJsSummary(size: ReturnType<typeof frameJsGzip>): string {
  return (
    `frame JS gzipped: ${size.all.toFixed(1)} KB in all (target ≤ 350 KB); ` +
    `entry ${size.entry.toFixed(1)} KB; a report page with charts ${size.firstPage.toFixed(1)} KB`
  );
}

if (import.meta.main) {
  const chunks = frameChunks();
  console.log('| chunk | gzipped KB | loaded |');
  console.log('| --- | --- | --- |');
  for (const { file, kb, entry, firstPage } of chunks) {
    const loaded = entry ? 'entry' : firstPage ? 'report page with charts' : 'on demand';
    console.log(`| ${file} | ${kb.toFixed(1)} | ${loaded} |`);
  }
  console.log(`\n${frameJsSummary(frameJsGzip(chunks))}`);
}
