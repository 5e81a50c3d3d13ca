import type { Percentiles } from '@vitrina/contracts';
import type { StoredOpen } from './usage.repository.ts';

const dayMs = 86_400_000;

/** The UTC day number of an instant, and back to `YYYY-MM-DD`. */
export const dayOf = (ms: number) => Math.floor(ms / dayMs);
const dayText = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
export const dayFromText = (text: string) => dayOf(Date.parse(`${text}T00:00:00Z`));

/** The nearest-rank percentile `p` (0–100) of ascending `sorted`; null for no values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)] ?? null;
}

function percentilesOf(values: readonly (number | null)[]): Percentiles {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
  };
}

/**
 * The figures of a set of opens over days `fromDay`…`toDay`: every open counts (failed ones
 * too); the timings are those of the opens that reached each phase; every day of the range has
 * its point in the series, zero when nobody opened anything.
 */
export function figuresOf(opens: readonly StoredOpen[], fromDay: number, toDay: number) {
  const perDay = new Map<number, { opens: number; viewers: Set<number> }>();
  const errors = new Map<string, number>();
  let lastOpen = -Infinity;
  for (const open of opens) {
    const day = perDay.get(open.day) ?? { opens: 0, viewers: new Set<number>() };
    day.opens += 1;
    day.viewers.add(open.userId);
    perDay.set(open.day, day);
    if (open.errorCode) errors.set(open.errorCode, (errors.get(open.errorCode) ?? 0) + 1);
    lastOpen = Math.max(lastOpen, open.atMs);
  }
  const days = [];
  for (let day = fromDay; day <= toDay; day += 1) {
    const counted = perDay.get(day);
    days.push({
      day: dayText(day),
      opens: counted?.opens ?? 0,
      viewers: counted?.viewers.size ?? 0,
    });
  }
  return {
    opens: opens.length,
    viewers: new Set(opens.map((open) => open.userId)).size,
    ...percentilesOf(opens.map((open) => open.totalMs)),
    phases: {
      tokenMs: percentilesOf(opens.map((open) => open.tokenMs)),
      loadedMs: percentilesOf(opens.map((open) => open.loadedMs)),
      renderedMs: percentilesOf(opens.map((open) => open.renderedMs)),
    },
    errors: [...errors]
      .map(([code, count]) => ({ code, count }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    lastOpen: opens.length === 0 ? null : new Date(lastOpen).toISOString(),
    days,
  };
}

/** Opens grouped by a key, in first-seen order. */
export function groupBy<K>(opens: readonly StoredOpen[], key: (open: StoredOpen) => K) {
  const groups = new Map<K, StoredOpen[]>();
  for (const open of opens) {
    const group = groups.get(key(open));
    if (group) group.push(open);
    else groups.set(key(open), [open]);
  }
  return groups;
}
