/** Where the service reads the time, injected so tokens and limits can be tested at any instant. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Seconds since the epoch, as JWT claims count them. */
export const epochSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);
