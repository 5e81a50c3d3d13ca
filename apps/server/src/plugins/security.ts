import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Origins of absolute URLs among `urls` (relative ones are already covered by 'self'). */
function originsOf(urls: string[]): string[] {
  return urls.flatMap((url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}

/**
 * The headers helmet's middleware sets for `options`, read once by running it against a recorder.
 * They are the same on every answer because no directive here is a function of the request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  // Helmet calls only setHeader and removeHeader, and calls back before returning.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers with a strict CSP: scripts only from the portal, frames only from the portal
 * and the BI service (the embedded reports), and nobody else may frame the portal.
 * Styles allow inline because the UI library injects its styles at run time.
 * The headers are helmet's, built once here (@fastify/helmet rebuilt them on every request) and
 * added by one hook to the reply's own headers, which Node writes in one pass with the route's
 * instead of storing each on the raw response first (decisions 0157, 0212).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: { biOrigin: string; logoUrl: string; https: boolean },
): void {
  const headers = helmetHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Route hook for answers that carry tokens or the signed-in user: no browser or proxy may keep
 * them. Set on request, so error answers of those routes carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/** A route's options with `noStore` added: for the routes whose answers carry a token. */
export function neverStored<const O extends object>(options: O) {
  return { ...options, onRequest: noStore };
}
