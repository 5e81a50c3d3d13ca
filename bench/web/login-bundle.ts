/**
 * Gzipped JavaScript and CSS the login route ships: the entry chunk, the security layout and the
 * login route chunks, and every chunk they import statically (read from Vite's build manifest).
 * Run after `npm run build`: `node bench/web/login-bundle.ts`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  src?: string;
}

const dist = resolve(import.meta.dirname, '../../apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;

/** The manifest keys of the chunks the browser needs before the login card can show. */
const roots = Object.entries(manifest)
  .filter(([key, entry]) => entry.isEntry || /app\/routes\/(security|login)-route\.tsx$/.test(key))
  .map(([key]) => key);

const needed = new Set<string>();
const visit = (key: string) => {
  if (needed.has(key)) return;
  needed.add(key);
  manifest[key]?.imports?.forEach(visit);
};
roots.forEach(visit);

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const files = [...needed].map((key) => manifest[key]!.file);
const css = [...new Set([...needed].flatMap((key) => manifest[key]?.css ?? []))];
const jsBytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
const cssBytes = css.reduce((sum, file) => sum + gzipSize(file), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(
  `login route: ${files.length} JS files, ${kb(jsBytes)} gzipped JS (target ≤ 250 KB); ${kb(cssBytes)} gzipped CSS`,
);
const largest = files.map((file) => [file, gzipSize(file)] as const).sort((a, b) => b[1] - a[1]);
for (const [file, bytes] of largest.slice(0, 6)) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
if (jsBytes > 250 * 1024) {
  console.error('over budget: something rides along with the login route');
  process.exitCode = 1;
}
