/** ECharts' value axis: a range rounded out to a nice step, and the ticks along it. */

/** ECharts' rounding of an axis step: 1, 2, 3, 5 or 10 times a power of ten. */
function niceStep(raw: number): number {
  const exponent = Math.floor(Math.log10(raw));
  const power = 10 ** exponent;
  const fraction = raw / power;
  const nice = fraction < 1.5 ? 1 : fraction < 2.5 ? 2 : fraction < 4 ? 3 : fraction < 7 ? 5 : 10;
  return nice * power;
}

/** A range that is one value widened as ECharts widens it: by half each way, or up to 1 from 0. */
function widenedRange(min: number, max: number): [number, number] {
  if (min !== max) return [min, max];
  if (min === 0) return [0, 1];
  return [min - Math.abs(min) / 2, max + Math.abs(max) / 2];
}

export interface ValueScale {
  min: number;
  max: number;
  interval: number;
  ticks: number[];
}

/** Decimals that keep a multiple of `step` exact (0.1 + 0.2 must print as 0.3). */
const decimalsOf = (step: number) => Math.max(0, -Math.floor(Math.log10(step)) + 2);

/** The axis of values from `low` to `high`, in about five steps, as ECharts draws it. */
export function niceScale(low: number, high: number): ValueScale {
  const [from, to] = widenedRange(low, high);
  const interval = niceStep((to - from) / 5);
  const decimals = decimalsOf(interval);
  const exact = (n: number) => Number(n.toFixed(decimals));
  const min = exact(Math.floor(from / interval) * interval);
  const max = exact(Math.ceil(to / interval) * interval);
  const ticks: number[] = [];
  for (let tick = min; tick <= max + interval / 2; tick = exact(tick + interval)) ticks.push(tick);
  return { min, max, interval, ticks };
}
