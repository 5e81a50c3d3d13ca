/**
 * The time each step of an export job takes (context, embed, print layout, pdf…), for the
 * benchmark's breakdown: `lap(step)` closes the step that ran since the last lap.
 */
import { performance } from 'node:perf_hooks';

export type Lap = (step: string) => void;

/** Step name → milliseconds, summed when a step repeats (a page per screenshot, a run per print). */
export type StepTimes = Record<string, number>;

export const noLap: Lap = () => {};

/** A lap function, and the times it has summed so far. */
export function stepTimer(): { lap: Lap; times: StepTimes } {
  const times: StepTimes = {};
  let last = performance.now();
  return {
    times,
    lap(step) {
      const now = performance.now();
      times[step] = (times[step] ?? 0) + (now - last);
      last = now;
    },
  };
}
