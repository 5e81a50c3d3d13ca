import { describe, expect, it } from 'vitest';
import { createImportGate } from '../src/datasets/import-gate.ts';

/** A promise with its resolve, to hold an import's work open. */
function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('import gate', () => {
  it('lets one import work at a time, the others in their order', async () => {
    const through = createImportGate(1);
    const order: string[] = [];
    const first = held();
    const a = through(new AbortController().signal, async () => {
      order.push('a');
      await first.promise;
    });
    const b = through(new AbortController().signal, async () => void order.push('b'));
    const c = through(new AbortController().signal, async () => void order.push('c'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['a']);
    first.release();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('takes an aborted import out of the queue with its reason, and passes the turn on', async () => {
    const through = createImportGate(1);
    const first = held();
    const a = through(new AbortController().signal, () => first.promise);
    const waiting = new AbortController();
    const b = through(waiting.signal, async () => 'b');
    const c = through(new AbortController().signal, async () => 'c');
    waiting.abort(new Error('client gone'));
    await expect(b).rejects.toThrow('client gone');
    first.release();
    await a;
    await expect(c).resolves.toBe('c');
  });

  it('frees the slot when the work fails', async () => {
    const through = createImportGate(1);
    await expect(
      through(new AbortController().signal, () => Promise.reject(new Error('no'))),
    ).rejects.toThrow('no');
    await expect(through(new AbortController().signal, async () => 'next')).resolves.toBe('next');
  });
});
