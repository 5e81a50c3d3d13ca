/** Export To File as a REST caller makes it: start, poll until an end, fetch the file. */
import { setTimeout as sleep } from 'node:timers/promises';
import { workspaceIdFor } from '../src/modules/tenant/catalog.service.ts';
import { call } from './harness.ts';

export const reportPath = (workspace: string, reportId: string) =>
  `/v1.0/myorg/groups/${workspaceIdFor(workspace)}/reports/${reportId}`;

export async function startExport(url: string, token: string, path: string, body: unknown) {
  return call(url, `${path}/ExportTo`, { token, body });
}

/**
 * Polls the job until `done` says so (`withinMs`, 10 s by default); answers the last poll. A 429
 * is waited out for its Retry-After, as a Power BI caller must: on a busy machine a slow job
 * outlasts the per-minute limit.
 */
export async function pollExport(
  url: string,
  token: string,
  path: string,
  exportId: string,
  done: (job: Record<string, unknown>) => boolean = (job) =>
    job['status'] === 'Succeeded' || job['status'] === 'Failed',
  withinMs = 10_000,
) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const poll = await call(url, `${path}/exports/${exportId}`, { token });
    const retryAfterMs = Number(poll.headers.get('retry-after')) * 1000;
    if (poll.status === 429 && Date.now() + retryAfterMs < deadline) {
      await sleep(retryAfterMs);
      continue;
    }
    if (poll.status !== 200 && poll.status !== 202) return poll;
    if (done(poll.json) || Date.now() > deadline) return poll;
    await sleep(50);
  }
}
