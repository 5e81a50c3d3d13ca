import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxAvailable } from '../cluster/nginx.ts';
import { redisAvailable } from '../cluster/redis-server.ts';
import { postgresAvailable } from '../helper.ts';
import { memoryTrend, type MemorySample } from './memory-trend.ts';
import {
  describeLoad,
  startViewerCluster,
  type ViewerCluster,
  type ViewerLoadOptions,
} from './viewer-cluster.ts';

const MiB = 1024 * 1024;
const minute = 60_000;

/** Issue 14's load: 200 concurrent viewers for 60 s through the proxy. */
const load = { viewers: 200, seconds: 60 };
/**
 * The soak: `SOAK_SECONDS` (10 minutes unless set; CI runs 2) of a paced load (50 viewers, 100 ms
 * between reports, each signing in again every minute), every portal sampled after a full GC.
 * Paced rather than flat out: a leak shows per request served, and a full-speed loop for minutes
 * would only starve the rest of a shared machine.
 */
const soak = {
  viewers: 50,
  seconds: Number(process.env['SOAK_SECONDS'] ?? 600),
  pauseMs: 100,
  reloginEveryMs: minute,
};
/**
 * Everything below scales with the soak's length, as it was set for 10 minutes: 60 samples in all
 * (one every 10 s there, every 2 s in CI's 2 minutes); the first fifth is warm-up, and the verdict
 * compares the next fifth with the last fifth (2-minute windows 6 minutes apart at 10 minutes,
 * 24 s windows 72 s apart at 2). The load test before it has already warmed the code up, so a
 * short warm-up only lets the soak's own sessions and caches fill.
 */
const soakMs = soak.seconds * 1000;
const sampleEveryMs = soakMs / 60;
const trendWindows = { warmupMs: soakMs / 5, windowMs: soakMs / 5 };
/**
 * Flat means: each portal's heap after a full GC grew by at most 8 MiB per 10 minutes of soak
 * between those windows. At the soak's pace each portal serves about 26,000 requests between the
 * windows of a 10-minute soak, so a leak of about 330 bytes per request fails it (the latest run
 * grew 0.4-0.5 MiB); a shorter soak keeps that sensitivity, down to a floor of 2 MiB (about 400
 * bytes per request at 2 minutes), under which a full GC's own noise could decide.
 */
const heapGrowthBound = Math.max(2 * MiB, 8 * MiB * (soak.seconds / 600));

const toMiB = (bytes: number) => (bytes / MiB).toFixed(1);

/**
 * The reliability suite's load and soak (docs/reliability.md), too slow for `npm test`: run by
 * `npm run test:soak` and by CI (a 2-minute soak). nginx (deploy/nginx/vitrina.conf) in front of three portal
 * processes on PostgreSQL and Redis and the bundled BI service, all on loopback. The bar is no
 * failed request and no lost login; latencies are printed, not asserted (a shared machine).
 */
describe.skipIf(!(postgresAvailable && redisAvailable && nginxAvailable))(
  'three portal instances behind nginx under viewer load',
  () => {
    let cluster: ViewerCluster;
    beforeAll(async () => {
      cluster = await startViewerCluster({ viewers: load.viewers, probeMemory: true });
    }, 300_000);
    afterAll(async () => {
      await cluster?.stop();
    });

    /** Runs the viewers, prints the figures; `lost` counts acknowledged logins not audited. */
    async function runAndAudit(title: string, options: ViewerLoadOptions) {
      const auditedBefore = await cluster.auditedLogins();
      const result = await cluster.run(options);
      const lost = result.loginsAcknowledged - ((await cluster.auditedLogins()) - auditedBefore);
      console.log(title);
      for (const line of describeLoad(result)) console.log(`  ${line}`);
      console.log(`  logins acknowledged ${result.loginsAcknowledged}, lost ${lost}`);
      return { result, lost };
    }

    it('serves 200 viewers for 60 s with no failed request and no lost login', async () => {
      const { result, lost } = await runAndAudit(
        `load: ${load.viewers} viewers × ${load.seconds} s through nginx, 3 portals`,
        load,
      );

      expect(result.failures).toEqual([]);
      expect(result.loginsAcknowledged).toBe(load.viewers);
      expect(lost).toBe(0);
      // Every viewer got past its login and through many rounds.
      expect(result.timings.viewer.length).toBeGreaterThan(load.viewers);
    }, 240_000);

    it(
      `keeps each portal’s memory flat over a ${soak.seconds} s soak`,
      async () => {
        const started = Date.now();
        cluster.sampleMemory();
        const sampler = setInterval(() => cluster.sampleMemory(), sampleEveryMs);
        const { result, lost } = await runAndAudit(
          `soak: ${soak.viewers} viewers × ${soak.seconds} s, ${soak.pauseMs} ms between reports`,
          soak,
        ).finally(() => clearInterval(sampler));
        cluster.sampleMemory();
        // The probe writes its line right after the signal; give the last one a moment.
        await new Promise((done) => setTimeout(done, 1_000));
        const trends = cluster.memory().map((samples, portal) => {
          const series = (pick: (sample: (typeof samples)[number]) => number): MemorySample[] =>
            samples.map((sample) => ({ at: sample.at - started, bytes: pick(sample) }));
          const heap = memoryTrend(
            series((s) => s.heapUsed),
            trendWindows,
          );
          const rss = memoryTrend(
            series((s) => s.rss),
            trendWindows,
          );
          console.log(
            `  portal ${portal + 1} heap after GC MiB: ${samples.map((s) => toMiB(s.heapUsed)).join(' ')}`,
          );
          console.log(
            `  portal ${portal + 1} RSS MiB: ${samples.map((s) => toMiB(s.rss)).join(' ')}`,
          );
          console.log(
            `  portal ${portal + 1} after warm-up: heap ${toMiB(heap.early)} → ${toMiB(heap.late)} MiB ` +
              `(${toMiB(heap.growth)}, slope ${toMiB(heap.slopePerMinute)} MiB/min), ` +
              `RSS ${toMiB(rss.early)} → ${toMiB(rss.late)} MiB ` +
              `(${toMiB(rss.growth)}, slope ${toMiB(rss.slopePerMinute)} MiB/min)`,
          );
          return heap;
        });

        expect(result.failures).toEqual([]);
        expect(lost).toBe(0);
        expect(trends).toHaveLength(3);
        for (const heap of trends) {
          expect(heap.samples).toBeGreaterThanOrEqual(40);
          expect(heap.growth).toBeLessThanOrEqual(heapGrowthBound);
        }
      },
      soakMs + 120_000,
    );
  },
);
