/**
 * The floor for the BI query benchmark: the same aggregations as straight full scans in tight
 * loops over typed arrays in this process (no planner, no SQL, no joins: the data is pre-joined).
 */

export interface ColumnarSales {
  rows: number;
  month: Uint8Array; // 0..47
  country: Uint8Array; // 0..6
  channel: Uint8Array; // 0..2
  product: Uint16Array; // 0..99
  customer: Uint32Array; // 0..24 999
  amount: Float64Array;
}

/** Deterministic synthetic rows with the demo's cardinalities (a 32-bit xorshift generator). */
export function makeColumnarSales(rows: number): ColumnarSales {
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const data: ColumnarSales = {
    rows,
    month: new Uint8Array(rows),
    country: new Uint8Array(rows),
    channel: new Uint8Array(rows),
    product: new Uint16Array(rows),
    customer: new Uint32Array(rows),
    amount: new Float64Array(rows),
  };
  for (let i = 0; i < rows; i++) {
    data.month[i] = Math.floor(next() * 48);
    data.country[i] = Math.floor(next() * 7);
    data.channel[i] = Math.floor(next() * 3);
    data.product[i] = Math.floor(next() * 100);
    data.customer[i] = Math.floor(next() * 25_000);
    data.amount[i] = Math.round(next() * 100_000) / 100;
  }
  return data;
}

export function sumByMonth(data: ColumnarSales): Float64Array {
  const sums = new Float64Array(48);
  for (let i = 0; i < data.rows; i++) sums[data.month[i]!]! += data.amount[i]!;
  return sums;
}

export function sumByCountry(data: ColumnarSales): Float64Array {
  const sums = new Float64Array(7);
  for (let i = 0; i < data.rows; i++) sums[data.country[i]!]! += data.amount[i]!;
  return sums;
}

/** Top 10 products by sales in one channel. */
export function topProductsInChannel(data: ColumnarSales, channel: number): number[] {
  const sums = new Float64Array(100);
  for (let i = 0; i < data.rows; i++)
    if (data.channel[i] === channel) sums[data.product[i]!]! += data.amount[i]!;
  return [...sums.keys()].sort((a, b) => sums[b]! - sums[a]!).slice(0, 10);
}

export function distinctCustomers(data: ColumnarSales): number {
  const seen = new Uint8Array(25_000);
  let count = 0;
  for (let i = 0; i < data.rows; i++) {
    const customer = data.customer[i]!;
    if (seen[customer] === 0) {
      seen[customer] = 1;
      count++;
    }
  }
  return count;
}
