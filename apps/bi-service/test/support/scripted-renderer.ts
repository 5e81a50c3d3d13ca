/**
 * A renderer the test drives, for the job rules only (queue, limits, states, expiry, restart):
 * each render waits until the test reports progress and finishes or fails it. The real chromium
 * renderer has its own tests. Files are a few marker bytes per format.
 */
import type {
  ExportRenderer,
  RenderRequest,
  RenderResult,
  RendererAvailability,
} from '../../src/modules/exports/export-renderer.ts';

interface HeldRender {
  request: RenderRequest;
  progress(done: number, total: number): void;
  finish(): void;
  fail(message: string): void;
}

const extensionOf = (request: RenderRequest): RenderResult['extension'] => {
  if (request.format === 'PDF') return '.pdf';
  if (request.format === 'PPTX') return '.pptx';
  return request.pages.length > 1 ? '.zip' : '.png';
};

/** The bytes a finished render of `request` gives. */
export const scriptedFile = (request: RenderRequest) =>
  Buffer.from(`${request.format} de ${request.reportName}: ${request.pages.length} páginas`);

export function createScriptedRenderer() {
  const held: HeldRender[] = [];
  let availability: RendererAvailability = { available: true };
  let closed = false;
  const waiters = new Set<() => void>();

  const renderer: ExportRenderer = {
    render(request, onProgress, signal) {
      return new Promise<RenderResult>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        held.push({
          request,
          progress: onProgress,
          finish: () => resolve({ file: scriptedFile(request), extension: extensionOf(request) }),
          fail: (message) => reject(new Error(message)),
        });
        for (const wake of waiters) wake();
      });
    },
    availability: async () => availability,
    close: async () => {
      closed = true;
    },
  };

  return {
    renderer,
    /** Every render started so far, in order (finished ones stay). */
    held,
    get closed() {
      return closed;
    },
    unavailable(reason: string) {
      availability = { available: false, reason };
    },
    /** Resolves once `count` renders have started. */
    async started(count: number): Promise<HeldRender> {
      while (held.length < count) {
        await new Promise<void>((wake) => {
          waiters.add(wake);
          setTimeout(wake, 50);
        });
        waiters.clear();
      }
      return held[count - 1]!;
    },
  };
}
