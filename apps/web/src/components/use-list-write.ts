import { useMutation } from '@tanstack/react-query';
import { useNotify } from './use-notify.ts';

/** A success toast's title and text. */
export type Notice = [title: string, text: string];

/**
 * A write of an administration list with the button states of spec §4 (default → loading →
 * default): it stays pending until `reload` has brought the list back, then shows the success
 * notice built by `notice`. Unlike the spec's original, a failure shows the server's message and
 * also returns to default.
 */
export function useListWrite<Input, Result>(
  reload: () => Promise<unknown>,
  write: (input: Input) => Promise<Result>,
  notice: (result: Result, input: Input) => Notice,
) {
  const notify = useNotify();
  return useMutation({
    mutationFn: write,
    onSuccess: async (result, input) => {
      await reload();
      notify.success(...notice(result, input));
    },
    onError: (error: Error) => notify.error(error),
  });
}
