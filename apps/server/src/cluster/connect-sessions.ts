import type { ActiveSessions } from '../modules/auth/active-sessions.ts';
import type { InvalidationBus } from './invalidation-bus.ts';

/** Publishes the active-session cache's invalidations and applies the other instances' ones. */
export function connectSessions(
  bus: Pick<InvalidationBus, 'publish' | 'onRemote'>,
  sessions: Pick<ActiveSessions, 'onInvalidate' | 'applyRemote'>,
): void {
  sessions.onInvalidate((event) => bus.publish(event));
  bus.onRemote((event) => {
    if (event.kind === 'session' || event.kind === 'user') sessions.applyRemote(event);
  });
}
