/**
 * How many imports read their file at once (decision 0223). Each import may use its memory
 * ceiling, in a DuckDB database of its own and in the XLSX worker, so imports side by side add
 * up: three at the 256 MB default took the process past 1 GB. Past the slots, an import waits
 * its turn, in order, with its time limit running; its signal (client gone, time limit,
 * shutdown) takes it out of the queue.
 */
export function createImportGate(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];

  const turn = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const go = () => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(signal.reason as Error);
      };
      waiting.push(go);
      signal.addEventListener('abort', leave, { once: true });
    });

  /** Runs `work` once a slot is free; the slot passes to the next import when it settles. */
  return async function through<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    if (free > 0) free--;
    else await turn(signal);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
