/**
 * The report frame's built JS, gzipped (Node's default level, as the `frame` benchmark has always
 * counted it): every chunk, the entry (the script and the chunks index.html preloads), what a
 * report page loads before its first paint (the entry, the screens' chunk `render-app` and every
 * chunk they import), and ECharts' chunk, which a page whose charts are sketched fetches only
 * after it is rendered (decision 0328). Reads apps/report-frame/dist, so build first.
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
  firstPaint: boolean;
  echarts: boolean;
}

const read = (file: string) => readFileSync(join(dist, 'assets', file), 'utf8');

/** The chunks `roots` import statically, and theirs, with the roots themselves. */
function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, imported] of read(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      visit(imported!);
  };
  roots.forEach(visit);
  return seen;
}

function frameChunks(): FrameChunk[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const entries = files.filter((file) => html.includes(file));
  const firstPaint = staticClosure([
    ...entries,
    ...files.filter((file) => file.startsWith('render-app-')),
  ]);
  return files
    .map((file) => ({
      file,
      kb: gzipSync(read(file)).length / 1024,
      entry: entries.includes(file),
      firstPaint: firstPaint.has(file),
      echarts: file.startsWith('chart-visuals-'),
    }))
    .sort((a, b) => b.kb - a.kb);
}

export function frameJsGzip(chunks = frameChunks()) {
  const sum = (list: FrameChunk[]) => list.reduce((total, chunk) => total + chunk.kb, 0);
  return {
    all: sum(chunks),
    entry: sum(chunks.filter((chunk) => chunk.entry)),
    firstPaint: sum(chunks.filter((chunk) => chunk.firstPaint)),
    echarts: sum(chunks.filter((chunk) => chunk.echarts)),
  };
}

export function frameJsSummary(size: ReturnType<typeof frameJsGzip>): string {
  return (
    `frame JS gzipped: ${size.all.toFixed(1)} KB in all (target ≤ 350 KB); ` +
    `entry ${size.entry.toFixed(1)} KB; a report page's first paint ${size.firstPaint.toFixed(1)} KB; ` +
    `ECharts, after it ${size.echarts.toFixed(1)} KB`
  );
}

if (import.meta.main) {
  const chunks = frameChunks();
  console.log('| chunk | gzipped KB | loaded |');
  console.log('| --- | --- | --- |');
  for (const { file, kb, entry, firstPaint, echarts } of chunks) {
    const loaded = entry
      ? 'entry'
      : firstPaint
        ? "a report page's first paint"
        : echarts
          ? 'ECharts: after the first paint, or for a chart no sketch draws'
          : 'on demand';
    console.log(`| ${file} | ${kb.toFixed(1)} | ${loaded} |`);
  }
  console.log(`\n${frameJsSummary(frameJsGzip(chunks))}`);
}
