import {
  createApiClient,
  defaultXsrfReader,
  type HttpMethod,
  type RequestOptions,
} from './api-client.ts';
import { clearSession, getCurrentUser, setCurrentUser } from './session.ts';
import { sendWithProgress } from './upload-request.ts';

/** Where the app goes when the session cannot be refreshed: the root (login), keeping nothing. */
function goToRoot() {
  clearSession();
  if (window.location.pathname !== '/') window.location.assign('/');
}

const client = createApiClient({
  // Absolute, so the same client works in the browser and under Node's fetch in tests.
  baseUrl: () => new URL('/api/', window.location.href).href,
  fetch: (input, init) => window.fetch(input, init),
  sendWithProgress,
  getUser: getCurrentUser,
  setUser: setCurrentUser,
  onSessionExpired: goToRoot,
  readXsrfToken: defaultXsrfReader,
});

export const api = {
  get: <T>(path: string) => client.request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    client.request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown) => client.request<T>('PUT', path, { body }),
  delete: <T>(path: string) => client.request<T>('DELETE', path),
  /** POSTs `file` as the raw body; `onProgress` gets 0–100 as it goes up. */
  upload: <T>(path: string, file: Blob, onProgress: (percent: number) => void) =>
    client.request<T>('POST', path, { file, onUploadProgress: onProgress }),
  /** GETs a file (a download) as a Blob, with the session's token like every call. */
  file: (path: string) => client.request<Blob>('GET', path, { asFile: true }),
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions) =>
    client.request<T>(method, path, options),
};
