import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HostContext } from './host-context.ts';
import { WarmContexts } from './warm-contexts.ts';

/** Fake contexts, numbered in the order they were made, that note whether they were closed. */
function fakes() {
  const made: { id: number; closed: boolean }[] = [];
  const open = (): Promise<HostContext> => {
    const entry = { id: made.length + 1, closed: false };
    made.push(entry);
    const context = { close: () => Promise.resolve(void (entry.closed = true)) };
    return Promise.resolve({ id: entry.id, context } as unknown as HostContext);
  };
  const idOf = (host: HostContext) => (host as unknown as { id: number }).id;
  return { made, open, idOf };
}

const browser = (connected = true) => ({ isConnected: () => connected }) as unknown as Browser;

describe('the export contexts kept warm', () => {
  it('gives a context back only to a job of the identity that used it, never to another', async () => {
    const { made, open, idOf } = fakes();
    const contexts = new WarmContexts(open, 2);
    const on = browser();
    const first = await contexts.take(on, 'ana');
    expect(idOf(first)).toBe(1); // the first job of a browser makes its own
    contexts.giveBack(on, first, 'ana');
    expect(made).toHaveLength(2); // a fresh spare, made once the job answered

    const bob = await contexts.take(on, 'bob');
    expect(idOf(bob)).toBe(2); // the fresh spare, not Ana's
    const ana = await contexts.take(on, 'ana');
    expect(idOf(ana)).toBe(1);
    const carla = await contexts.take(on, 'carla');
    expect(idOf(carla)).toBe(3); // nothing fresh was left: a new one, Bob's stays his
    expect(made.every((context) => !context.closed)).toBe(true);
  });

  it('makes no context while a job reuses one, and keeps one per job slot', async () => {
    const { made, open } = fakes();
    const contexts = new WarmContexts(open, 2);
    const on = browser();
    contexts.giveBack(on, await contexts.take(on, 'ana'), 'ana');
    for (let job = 0; job < 5; job++) contexts.giveBack(on, await contexts.take(on, 'ana'), 'ana');
    expect(made).toHaveLength(2);

    for (const who of ['bob', 'carla']) contexts.giveBack(on, await contexts.take(on, who), who);
    await Promise.resolve(); // a kept context closes on the next turn
    // Ana's (least recently used) was closed for Carla's: two kept, and a fresh spare.
    expect(made.filter((context) => !context.closed)).toHaveLength(3);
    expect(made[0]!.closed).toBe(true);
  });

  it('closes the context of a failed job, and those of a browser that was replaced', async () => {
    const { made, open } = fakes();
    const contexts = new WarmContexts(open, 2);
    const old = browser();
    contexts.giveBack(old, await contexts.take(old, 'ana'), null);
    expect(made[0]!.closed).toBe(true);

    await contexts.take(browser(), 'ana');
    await Promise.resolve();
    expect(made[1]!.closed).toBe(true); // the old browser's fresh spare
  });
});
