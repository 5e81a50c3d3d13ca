import { request } from 'node:https';
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';

/** MSAL's network client over node:https trusting one CA file (the service's self-signed cert). */
export function caTrustingNetworkClient(ca: string): INetworkModule {
  const send = <T>(method: 'GET' | 'POST', url: string, options?: NetworkRequestOptions) =>
    new Promise<NetworkResponse<T>>((resolve, reject) => {
      const outgoing = request(url, { method, ca, headers: options?.headers ?? {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T,
          });
        });
      });
      outgoing.on('error', reject);
      if (options?.body) outgoing.write(options.body);
      outgoing.end();
    });
  return {
    sendGetRequestAsync: (url, options) => send('GET', url, options),
    sendPostRequestAsync: (url, options) => send('POST', url, options),
  };
}
