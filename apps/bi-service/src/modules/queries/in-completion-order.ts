/** Yields the values of promises already running, each as soon as it settles (first done, first out). */
export async function* inCompletionOrder<T>(promises: readonly Promise<T>[]): AsyncGenerator<T> {
  const pending = new Map(
    promises.map((promise, index) => [index, promise.then((value) => ({ index, value }))]),
  );
  while (pending.size > 0) {
    const { index, value } = await Promise.race(pending.values());
    pending.delete(index);
    yield value;
  }
}
