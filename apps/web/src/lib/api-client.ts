import { ApiError } from './api-error.ts';
import type { CurrentUser } from './models.ts';
import type { UploadInit } from './upload-request.ts';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** A file sent as it is (application/octet-stream) instead of a JSON body. */
  file?: Blob;
  /** With `file`: called with 0–100 as the file goes up. */
  onUploadProgress?: (percent: number) => void;
  /** false for calls that must not trigger a token refresh on 401 (login, refresh, logout). */
  refreshOn401?: boolean;
  /** The answer is a file (a download), returned as a Blob instead of parsed JSON. */
  asFile?: boolean;
  /** The request outlives the page (a report of what the page measured). */
  keepalive?: boolean;
}

export interface ApiClientDeps {
  /** Where `/api/` is, resolved on every request. */
  baseUrl(): string;
  fetch: typeof fetch;
  /** Sends a file reporting its progress, which `fetch` cannot (lib/upload-request.ts). */
  sendWithProgress(
    url: string,
    init: UploadInit,
    onProgress: (percent: number) => void,
  ): Promise<Response>;
  getUser(): CurrentUser | null;
  setUser(user: CurrentUser): void;
  /** Called once the refresh has failed: clears the session and goes to the root. */
  onSessionExpired(): void;
  readXsrfToken(): string | null;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

async function toApiError(response: Response): Promise<ApiError> {
  let code = `http_${response.status}`;
  let message = response.statusText || `Error ${response.status}`;
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // not JSON: keep the status text
  }
  return new ApiError(response.status, code, message);
}

async function parseBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The portal's HTTP client (spec §4, "Every request"): bearer token, anti-forgery header on non-GET,
 * and on a 401 exactly one refresh shared by every request that is waiting, each then replayed
 * with the new token. Requests started while the refresh runs wait for it instead of failing.
 * A file upload goes through the same steps, with its progress reported when asked for.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  let refreshing: Promise<string> | null = null;

  function send(
    method: HttpMethod,
    path: string,
    { body, file, onUploadProgress, keepalive }: RequestOptions,
    token: string | undefined,
  ) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (file) headers['Content-Type'] = 'application/octet-stream';
    else if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['Authorization'] = `Bearer ${token}`;
    if (method !== 'GET') {
      const xsrf = deps.readXsrfToken();
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    const url = `${deps.baseUrl()}${path}`;
    if (file && onUploadProgress) {
      return deps.sendWithProgress(url, { method, headers, body: file }, onUploadProgress);
    }
    return deps.fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(keepalive ? { keepalive } : {}),
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  }

  async function refresh(): Promise<string> {
    const user = deps.getUser();
    try {
      if (!user?.refreshToken) throw new ApiError(401, 'unauthorized', 'Sesión expirada.');
      const response = await send(
        'POST',
        'user/refreshtoken',
        { body: { token: user.refreshToken } },
        undefined,
      );
      if (!response.ok) throw await toApiError(response);
      const refreshed = await parseBody<CurrentUser>(response);
      deps.setUser({ ...user, ...refreshed });
      return refreshed.token;
    } catch (error) {
      deps.onSessionExpired();
      throw error;
    }
  }

  function sharedRefresh(): Promise<string> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return {
    async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
      if (refreshing) await refreshing.catch(() => undefined);
      const usedToken = deps.getUser()?.token;
      let response = await send(method, path, options, usedToken);
      if (response.status === 401 && options.refreshOn401 !== false && usedToken) {
        // Another request may have refreshed already while this one was in flight.
        const current = deps.getUser()?.token;
        const token = current && current !== usedToken ? current : await sharedRefresh();
        // A file is sent again whole (a Blob can be read twice).
        response = await send(method, path, options, token);
      }
      if (!response.ok) throw await toApiError(response);
      return options.asFile ? ((await response.blob()) as T) : parseBody<T>(response);
    },
  };
}

export const defaultXsrfReader = () => readCookie(XSRF_COOKIE);
