import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { bearer, filePartFrame, fileUpload } from './bi-requests.ts';
import type { ProxiedCalls } from './proxied-calls.ts';
import type { Answer } from './proxy-client.ts';
import { watchProcess, type WatchFigures } from './process-watch.ts';

/** The BI service's upload files (`*.upload`) anywhere under its data directory. */
export function leftoverUploads(biDataDir: string): string[] {
  try {
    return readdirSync(biDataDir, { recursive: true, encoding: 'utf8' }).filter((path) =>
      path.endsWith('.upload'),
    );
  } catch {
    return [];
  }
}

const importPath = (workspaceId: string, name: string) =>
  `/v1.0/myorg/groups/${workspaceId}/imports?datasetDisplayName=${encodeURIComponent(name)}`;

/** An Imports API call with one whole file, through the BI host name. */
export function importFile(
  calls: ProxiedCalls,
  accessToken: string,
  workspaceId: string,
  fileName: string,
  bytes: Buffer,
): Promise<Answer> {
  const upload = fileUpload(fileName, bytes);
  return calls.bi(importPath(workspaceId, fileName.replace(/\..*$/, '')), {
    method: 'POST',
    headers: { ...bearer(accessToken), ...upload.headers },
    body: upload.body,
  });
}

/**
 * An upload of `totalBytes` of CSV lines, streamed (never held in memory). The proxy or the
 * service may stop it early and close the connection: that refusal resolves as undefined.
 */
export async function oversizedImport(
  calls: ProxiedCalls,
  accessToken: string,
  workspaceId: string,
  totalBytes: number,
): Promise<Answer | undefined> {
  const frame = filePartFrame('enorme.csv');
  const chunk = Buffer.alloc(512 * 1024, '1,2,3\n');
  const body = Readable.from(
    (function* () {
      yield frame.head;
      for (let sent = 0; sent < totalBytes; sent += chunk.length) yield chunk;
      yield frame.tail;
    })(),
  );
  const length =
    frame.head.length + Math.ceil(totalBytes / chunk.length) * chunk.length + frame.tail.length;
  return calls
    .bi(importPath(workspaceId, 'enorme'), {
      method: 'POST',
      headers: {
        ...bearer(accessToken),
        'content-type': frame.contentType,
        'content-length': String(length),
      },
      body,
    })
    .catch(() => undefined);
}

/**
 * An upload that announces 8 MB, sends 1 MB and hangs up, straight to the BI service on loopback:
 * nginx reads a whole request body before passing it on, so only the portal, which forwards
 * uploads from the host itself, can hand the service a body that stops halfway.
 */
export function abortedImport(biUrl: string, accessToken: string, workspaceId: string) {
  const frame = filePartFrame('cortado.csv');
  const { hostname, port } = new URL(biUrl);
  return new Promise<void>((resolve) => {
    const outgoing = request({
      host: hostname,
      port,
      method: 'POST',
      path: importPath(workspaceId, 'cortado'),
      headers: {
        ...bearer(accessToken),
        'content-type': frame.contentType,
        'content-length': String(8 * 1024 * 1024),
      },
    });
    outgoing.on('error', () => resolve());
    outgoing.on('response', (answer) => {
      answer.resume();
      resolve();
    });
    outgoing.write(frame.head);
    outgoing.write(Buffer.alloc(1024 * 1024, '1,2,3\n'), () => {
      // Long enough for the service to have opened its upload file.
      setTimeout(() => {
        outgoing.destroy();
        resolve();
      }, 300);
    });
  });
}

export interface HostileOutcome {
  answer: Answer | undefined;
  elapsedMs: number;
  figures: WatchFigures;
}

/** One hostile import while the BI process's memory and /health are sampled. */
export async function watchedImport(
  bi: { pid: number; healthUrl: string },
  send: () => Promise<Answer>,
  killAboveBytes: number,
): Promise<HostileOutcome> {
  const watch = watchProcess(bi.pid, bi.healthUrl, killAboveBytes);
  const started = performance.now();
  const answer = await send().catch(() => undefined);
  const elapsedMs = performance.now() - started;
  return { answer, elapsedMs, figures: await watch.stop() };
}

export const biDataDirOf = (dataDir: string) => join(dataDir, 'bi');
