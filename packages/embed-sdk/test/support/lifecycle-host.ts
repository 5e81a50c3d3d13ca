/**
 * Host-page script of the lifecycle test (bundled and added to the page after the SDK). It measures
 * from outside the SDK: the timers still pending and the event listeners on the window, the
 * document and the containers, by wrapping the browser's own functions; listeners the test adds
 * itself (through `Embed.on`) are left out, as they belong to the host page. `runLifecycle` plays a
 * seeded random sequence of embeds, re-embeds and resets and reports what is left afterwards.
 */
import type { Service } from '../../src/service.ts';

export interface LifecycleResult {
  /** `setTimeout`s neither fired nor cleared. */
  pendingTimers: number;
  /** Listeners added to window, document or a container and not removed, beyond the baseline. */
  listeners: number;
  /** `powerbi.getNumberOfComponents()` of the service under test. */
  components: number;
  /** Containers still carrying a `powerBiEmbed`. */
  registeredContainers: number;
  iframes: number;
  /** `error` events the containers received (every frame answers: any is a leak's symptom). */
  errors: string[];
  /** How many operations of each kind the sequence played. */
  played: Record<string, number>;
}

function installLeakCounters() {
  const timers = new Set<number>();
  const nativeSet = window.setTimeout.bind(window);
  const nativeClear = window.clearTimeout.bind(window);
  window.setTimeout = ((handler: () => void, ms?: number, ...rest: unknown[]) => {
    const id = nativeSet(
      (...args: unknown[]) => {
        timers.delete(id);
        (handler as (...a: unknown[]) => void)(...args);
      },
      ms,
      ...rest,
    );
    timers.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    nativeClear(id);
  }) as typeof window.clearTimeout;

  const watched = (target: EventTarget) =>
    target === window || target === document || (target as Element).id?.startsWith('c');
  const listeners = new Set<string>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const keyOf = (target: EventTarget, type: string, listener: unknown) => {
    for (const item of [target, listener] as object[]) if (!ids.has(item)) ids.set(item, ++next);
    return `${ids.get(target)}:${type}:${ids.get(listener as object)}`;
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const own = new WeakSet<object>();
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (listener && watched(this) && !own.has(listener)) listeners.add(keyOf(this, type, listener));
    add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (listener && watched(this)) listeners.delete(keyOf(this, type, listener));
    remove.call(this, type, listener, options);
  };
  /** Marks a listener as the test's own, and returns it. */
  const markOwn = <T extends object>(listener: T): T => {
    own.add(listener);
    return listener;
  };
  return { timers, listeners, own: markOwn };
}

const counters = installLeakCounters();

/** Mulberry32: a tiny seeded generator, so every repetition plays the same sequence. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Client = { factories: Record<string, unknown> };
type Embedded = { on(name: string, handler: (event: Event) => void): void };

/**
 * One service for every repetition (a Service listens on the window for the page's lifetime, as
 * 2.8.0's does), with the default one-minute request time-out: a request left behind by a reset
 * embed shows as a pending timer long after the run.
 */
let service: Service | undefined;
function serviceUnderTest(): Service {
  const { factories } = (window as unknown as { 'powerbi-client': Client })['powerbi-client'];
  const ServiceClass = window.powerbi.constructor as new (...args: unknown[]) => Service;
  service ??= new ServiceClass(
    factories['hpmFactory'],
    factories['wpmpFactory'],
    factories['routerFactory'],
  );
  return service;
}

const containers = ['c1', 'c2', 'c3', 'c4'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no timer is pending, for 2 s at most: the SDK's own short timers (the 1 s frame probe
 * of an unanswered load) end well within that; what is left then is a leak.
 */
async function settle(): Promise<void> {
  for (let waited = 0; counters.timers.size > 0 && waited < 2000; waited += 50) await pause(50);
}

async function runLifecycle(
  framesUrl: string,
  seed: number,
  steps: number,
): Promise<LifecycleResult> {
  const random = seeded(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const target = serviceUnderTest();
  const errors: string[] = [];
  const onError = counters.own((event: Event) =>
    errors.push(
      String((event as CustomEvent<{ detailedMessage?: string }>).detail?.detailedMessage),
    ),
  );
  for (const id of containers) document.getElementById(id)?.addEventListener('error', onError);
  const baseline = counters.listeners.size;
  const played: Record<string, number> = {};
  const silent = new Set<HTMLElement>();
  const config = (step: number, flag: string) => ({
    type: 'report',
    id: 'r1',
    uniqueId: `s${seed}-${step}`,
    accessToken: `t${step}`,
    embedUrl: `${framesUrl}/reportEmbed?reportId=r1&${flag}`,
  });
  for (let step = 0; step < steps; step++) {
    const element = document.getElementById(pick(containers)) as HTMLElement;
    const operation = pick(['embed', 'embed', 'reset', 'on', 'pause', 'abandon']);
    played[operation] = (played[operation] ?? 0) + 1;
    if (operation === 'embed') {
      // Re-embeds go to answering frames only: a silent frame's own load times out, rightly.
      if (silent.delete(element)) target.reset(element);
      target.embed(element, config(step, 'autoloaded=1'));
    } else if (operation === 'abandon') {
      // A fresh embed whose frame never answers, reset once its load is on the way (unless
      // something replaced it first): its pending load must not outlive it.
      target.reset(element);
      const embed = target.embed(element, config(step, 'silent=1'));
      silent.add(element);
      embed.iframe.addEventListener('load', () => {
        if ((element as { powerBiEmbed?: unknown }).powerBiEmbed === embed) target.reset(element);
      });
    } else if (operation === 'reset') {
      silent.delete(element);
      target.reset(element);
    } else if (operation === 'on') {
      const embed = (element as { powerBiEmbed?: Embedded }).powerBiEmbed;
      embed?.on(
        'loaded',
        counters.own(() => undefined),
      );
    } else {
      await pause(Math.floor(random() * 60));
    }
  }
  for (const id of containers) target.reset(document.getElementById(id) as HTMLElement);
  await settle();
  for (const id of containers) document.getElementById(id)?.removeEventListener('error', onError);
  return {
    pendingTimers: counters.timers.size,
    listeners: counters.listeners.size - baseline,
    components: target.getNumberOfComponents(),
    registeredContainers: containers.filter(
      (id) => 'powerBiEmbed' in (document.getElementById(id) as object),
    ).length,
    iframes: document.querySelectorAll('iframe').length,
    errors,
    played,
  };
}

(window as unknown as { runLifecycle: typeof runLifecycle }).runLifecycle = runLifecycle;
