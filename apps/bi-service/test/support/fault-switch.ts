import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * One fault, for tests only (issue 14): requests whose path contains `path` are
 * let through `skip` times, then answered `status` (with Retry-After when given) or delayed by
 * `delayMs`, `times` times at most (unbounded when absent). A 404 after one pass is content
 * that vanishes between two calls.
 */
const faultSchema = z
  .object({
    path: z.string().min(1).default('/v1.0/'),
    skip: z.number().int().min(0).default(0),
    times: z.number().int().positive().optional(),
    status: z.union([z.literal(404), z.literal(429), z.literal(500), z.literal(503)]).optional(),
    retryAfterSeconds: z.number().int().positive().optional(),
    delayMs: z.number().int().positive().max(60_000).optional(),
  })
  .refine((fault) => fault.status !== undefined || fault.delayMs !== undefined, {
    message: 'a fault needs a status, a delayMs or both',
  });

type Fault = z.infer<typeof faultSchema>;

const errorCodes: Record<number, string> = {
  404: 'PowerBIEntityNotFound',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

/** The switch's own routes, outside the Power BI surface. */
export const faultSwitchPath = '/_test/faults';

/**
 * Installs the fault switch: PUT /_test/faults replaces the faults (a JSON array), DELETE clears
 * them, GET lists them with how often each was met. It lives with the tests and is installed only
 * by their own entry points (server-with-faults.ts, or `configureApp` in process): the shipped
 * server has no setting that turns it on.
 */
export function installFaultSwitch(app: FastifyInstance): void {
  let faults: { fault: Fault; seen: number; fired: number }[] = [];

  app.put(faultSwitchPath, async (request, reply) => {
    const parsed = z.array(faultSchema).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: z.prettifyError(parsed.error) });
    faults = parsed.data.map((fault) => ({ fault, seen: 0, fired: 0 }));
    return reply.code(204).send();
  });
  app.delete(faultSwitchPath, async (_request, reply) => {
    faults = [];
    return reply.code(204).send();
  });
  app.get(faultSwitchPath, async () => faults);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(faultSwitchPath)) return;
    const entry = faults.find(({ fault }) => request.url.includes(fault.path));
    if (!entry) return;
    entry.seen += 1;
    const { fault } = entry;
    if (entry.seen <= fault.skip) return;
    if (fault.times !== undefined && entry.fired >= fault.times) return;
    entry.fired += 1;
    if (fault.delayMs !== undefined) await sleep(fault.delayMs);
    if (fault.status === undefined) return;
    if (fault.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(fault.retryAfterSeconds));
    const code = errorCodes[fault.status];
    return reply.code(fault.status).send({ error: { code, message: `Test fault: ${code}` } });
  });
}
