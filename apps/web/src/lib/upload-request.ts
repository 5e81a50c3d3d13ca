import { ApiError } from './api-error.ts';

export interface UploadInit {
  method: string;
  headers: Record<string, string>;
  body: Blob;
}

/**
 * `fetch` for a file whose progress the page shows (`onProgress` gets 0–100): XMLHttpRequest is
 * the one browser API that reports upload progress. The answer comes back as a `Response`, so the
 * API client reads it like any other.
 */
export function sendWithProgress(
  url: string,
  init: UploadInit,
  onProgress: (percent: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject(new ApiError(0, 'network', 'No se pudo conectar con el servidor.'));
    request.onload = () => {
      // A Response refuses a body (even an empty one) for 204 and its kin.
      const body = request.responseText === '' ? null : request.responseText;
      resolve(new Response(body, { status: request.status, statusText: request.statusText }));
    };
    request.send(init.body);
  });
}
