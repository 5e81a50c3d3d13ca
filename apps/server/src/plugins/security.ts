import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Origins of absolute URLs among `urls` (relative ones are already covered by 'self'). */
function originsOf(urls: string[]): string[] {
  return urls.flatMap((url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}

/**
 * Security headers with a strict CSP: scripts only from the portal, frames only from the portal
 * and the BI service (the embedded reports), and nobody else may frame the portal.
 * Styles allow inline because the UI library injects its styles at run time.
 * The headers are helmet's, built once here and applied to every answer by one hook
 * (@fastify/helmet rebuilt them on every request; decision 0157).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: { biOrigin: string; logoUrl: string; https: boolean },
): void {
  const applyHeaders = helmet({
    // HSTS only means something over https; on plain http it would only confuse.
    strictTransportSecurity: options.https,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...originsOf([options.logoUrl])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", options.biOrigin],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet's middleware hands its callback an Error or nothing.
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/**
 * Route hook for answers that carry tokens or the signed-in user: no browser or proxy may keep
 * them. Set on request, so error answers of those routes carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
