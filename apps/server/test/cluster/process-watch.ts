import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const sampleEveryMs = 100;

/** Resident memory of process `pid` (VmRSS in /proc/<pid>/status), or undefined once it is gone. */
function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

export interface WatchFigures {
  peakRssBytes: number;
  /** The longest a /health request waited for its answer (one in flight at a time). */
  longestHealthStallMs: number;
  /** Whether the watch had to kill the process (it passed `killAboveBytes`). */
  killed: boolean;
}

/**
 * Samples a server process while it works on something hostile: its resident memory and its
 * `/health` answer time, each every 100 ms. Above `killAboveBytes` the process is killed at once:
 * a regression then fails the test instead of taking the shared machine's memory (on the code
 * before the import limits, one CSV reached 11.6 GB).
 */
export function watchProcess(pid: number, healthUrl: string, killAboveBytes: number) {
  const figures: WatchFigures = { peakRssBytes: 0, longestHealthStallMs: 0, killed: false };
  let watching = true;

  const memory = (async () => {
    while (watching) {
      const rss = residentBytes(pid);
      if (rss === undefined) return;
      figures.peakRssBytes = Math.max(figures.peakRssBytes, rss);
      if (rss > killAboveBytes) {
        figures.killed = true;
        process.kill(pid, 'SIGKILL');
        return;
      }
      await sleep(sampleEveryMs);
    }
  })();

  const health = (async () => {
    while (watching && !figures.killed) {
      const sent = performance.now();
      try {
        await fetch(healthUrl, { signal: AbortSignal.timeout(60_000) });
      } catch {
        // A refused or timed-out probe still counts for its waiting time.
      }
      const waited = performance.now() - sent;
      figures.longestHealthStallMs = Math.max(figures.longestHealthStallMs, waited);
      await sleep(Math.max(0, sampleEveryMs - waited));
    }
  })();

  return {
    /** Stops sampling; resolves with the figures once the last samples are in. */
    async stop(): Promise<WatchFigures> {
      watching = false;
      await Promise.all([memory, health]);
      return figures;
    },
  };
}
