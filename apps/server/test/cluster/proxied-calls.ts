import type { Readable } from 'node:stream';
import { biHost, portalHost, viaProxy, type Answer } from './proxy-client.ts';

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable;
  /** The loopback address to connect from (default: the insider's). */
  from?: string;
}

export interface PortalCallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  from?: string;
  headers?: Record<string, string>;
}

/** The double-submit pair the SPA sends with every portal write (cookie and matching header). */
const xsrf = 'deployment-suite-xsrf';

/**
 * Calls to both host names of the nginx in front of a deployment, the way a browser, the SDK or
 * a Power BI client would send them. The portal's cookies are Secure (PORTAL_URL is https); the
 * suite does not need the browser to keep them: it sends the XSRF pair itself and uses the access
 * token from the login's body, as the SPA does.
 */
export function proxiedCalls(nginxPort: number) {
  return {
    bi(path: string, options: CallOptions = {}): Promise<Answer> {
      return viaProxy(nginxPort, { host: biHost, path, ...options });
    },
    portal(method: string, path: string, options: PortalCallOptions = {}): Promise<Answer> {
      const { token, body, from, headers } = options;
      return viaProxy(nginxPort, {
        host: portalHost,
        method,
        path,
        ...(from ? { from } : {}),
        headers: {
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
  };
}

export type ProxiedCalls = ReturnType<typeof proxiedCalls>;
