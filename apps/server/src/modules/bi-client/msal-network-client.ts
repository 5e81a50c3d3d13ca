import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';
import type { HttpTransport } from './http-transport.ts';

/**
 * MSAL's `system.networkClient` over our transport, so MSAL trusts the same CA file as the REST
 * client (the bundled BI service's self-signed certificate) without touching process-wide TLS.
 */
export function createMsalNetworkClient(transport: HttpTransport): INetworkModule {
  async function send<T>(
    method: 'GET' | 'POST',
    url: string,
    options: NetworkRequestOptions | undefined,
    timeoutMs?: number,
  ): Promise<NetworkResponse<T>> {
    const response = await transport({
      method,
      url,
      ...(options?.headers ? { headers: options.headers } : {}),
      ...(options?.body !== undefined ? { body: options.body } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: parseBody<T>(response.text),
    };
  }
  return {
    sendGetRequestAsync: (url, options, timeout) => send('GET', url, options, timeout),
    sendPostRequestAsync: (url, options) => send('POST', url, options),
  };
}

function parseBody<T>(text: string): T {
  // MSAL reads error fields off the body, so a non-JSON answer becomes an empty object.
  try {
    return JSON.parse(text) as T;
  } catch {
    return {} as T;
  }
}
