/**
 * Each value's share of the whole in percent, to two decimals, summing to exactly 100: the
 * largest remainder method, as ECharts gives a pie's `percent` to its label formatter.
 */
const DECIMALS = 2;

export function percentShares(values: number[]): number[] {
  const sum = values.reduce((total, v) => total + v, 0);
  if (sum <= 0) return values.map(() => 0);
  const digits = 10 ** DECIMALS;
  const seatsTotal = 100 * digits;
  const quotas = values.map((v) => (v / sum) * seatsTotal);
  const seats = quotas.map(Math.floor);
  const remainders = quotas.map((quota, i) => quota - seats[i]!);
  let given = seats.reduce((total, s) => total + s, 0);
  while (given < seatsTotal) {
    let largest = 0;
    remainders.forEach((r, i) => {
      if (r > remainders[largest]!) largest = i;
    });
    seats[largest]! += 1;
    remainders[largest] = 0;
    given += 1;
  }
  return seats.map((s) => s / digits);
}
