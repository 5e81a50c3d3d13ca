import type { FastifyRequest } from 'fastify';
import { powerBiResource } from './access-token.ts';

/** The fields of a token request, from the form body and (client_secret_basic) the Authorization header. */
export interface TokenRequest {
  grantType?: string;
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  scope?: string;
}

const field = (body: Record<string, unknown>, name: string) => {
  const value = body[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** `decodeURIComponent`, or undefined for text that is not valid percent-encoding (`a%ZZ`). */
function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the request; client credentials in a Basic header win over the body's, as in RFC 6749
 * §2.3.1. Undefined when the Basic credentials cannot be decoded: the caller answers
 * invalid_client, as Entra ID does.
 */
export function readTokenRequest(request: FastifyRequest): TokenRequest | undefined {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  let clientId = field(body, 'client_id');
  let clientSecret = field(body, 'client_secret');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator > 0) {
      clientId = percentDecoded(decoded.slice(0, separator));
      clientSecret = percentDecoded(decoded.slice(separator + 1));
      if (clientId === undefined || clientSecret === undefined) return undefined;
    }
  }
  return {
    grantType: field(body, 'grant_type'),
    clientId,
    clientSecret,
    username: field(body, 'username'),
    password: field(body, 'password'),
    scope: field(body, 'scope'),
  };
}

/** Whether the requested scopes name the Power BI resource (`.default` or delegated scopes). */
export function asksForPowerBi(scope: string): boolean {
  return scope.split(/\s+/).some((item) => item.toLowerCase().startsWith(`${powerBiResource}/`));
}
