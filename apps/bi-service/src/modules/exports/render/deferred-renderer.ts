/**
 * The chromium renderer loads the frame from the service's own listener, whose port is known
 * only once the service listens (port 0 in tests): it is made then, from `listeningAt`. Until
 * then (an app that never listens) exports are unavailable.
 */
import type { ExportRenderer } from '../export-renderer.ts';

const notListening = 'El servicio aún no escucha: la exportación empieza cuando escuche.';

export function deferredRenderer(make: (origin: string) => ExportRenderer): ExportRenderer {
  let renderer: ExportRenderer | undefined;
  return {
    listeningAt(origin) {
      renderer ??= make(origin);
    },
    availability: () =>
      renderer
        ? renderer.availability()
        : Promise.resolve({ available: false, reason: notListening }),
    render: (request, onProgress, signal) =>
      renderer
        ? renderer.render(request, onProgress, signal)
        : Promise.reject(new Error(notListening)),
    close: () => renderer?.close() ?? Promise.resolve(),
  };
}
