import { useCallback, useState } from 'react';
import { useNotify } from './use-notify.ts';

/**
 * Runs an administration call with the button states of spec §4 (default → loading → default).
 * Unlike the spec's original, a failure shows the server's message and also returns to default.
 * Resolves to true on success.
 */
export function useAction() {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>): Promise<boolean> => {
      setPending(true);
      try {
        await action();
        return true;
      } catch (error) {
        notify.error(error);
        return false;
      } finally {
        setPending(false);
      }
    },
    [notify],
  );
  return { run, pending, notify };
}
