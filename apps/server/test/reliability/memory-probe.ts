/**
 * Loaded into a portal process under test with `--import` (and `--expose-gc`): on SIGUSR2 it runs
 * a full garbage collection, then appends one line of `process.memoryUsage()` to
 * `$DATA_DIR/memory.jsonl`. Collecting first makes the heap figure what the process retains, not
 * how far the collector happened to be behind; the test decides when to sample, so nothing runs
 * on a timer inside the server.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const samples = join(process.env['DATA_DIR'] ?? '.', 'memory.jsonl');
const collect = (globalThis as { gc?: () => void }).gc;

process.on('SIGUSR2', () => {
  collect?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  appendFileSync(
    samples,
    `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external })}\n`,
  );
});
