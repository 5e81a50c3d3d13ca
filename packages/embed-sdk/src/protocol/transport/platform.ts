/**
 * The globals the transport needs that every browser and Node provide but the ES lib does not
 * declare (timers, console, crypto, URL), typed here so the protocol core needs no DOM or Node
 * types. Looked up on each call, so fake timers and spies installed later still apply.
 */
interface TransportGlobals {
  setTimeout(callback: () => void, milliseconds: number): unknown;
  clearTimeout(handle: unknown): void;
  console: {
    log(...data: unknown[]): void;
    warn(...data: unknown[]): void;
  };
  crypto: { getRandomValues(array: Uint8Array): Uint8Array };
  URL: new (url: string, base?: string) => { readonly origin: string };
}

export const platform = globalThis as unknown as TransportGlobals;
