import { z } from 'zod';
import type { ApiModule } from '../../context.ts';

const dependencyState = z.enum(['ok', 'caído']);
const readinessSchema = z.object({
  status: z.enum(['ok', 'no_disponible']),
  /** Each dependency checked: the database, Redis when configured, the BI service. */
  dependencies: z.record(z.string(), dependencyState),
  message: z.string().optional(),
});

/**
 * `GET /api/ready`: whether this instance can serve (a proxy or orchestrator sends it traffic
 * only then). 503 names every dependency that does not answer; `/api/health` (liveness) answers
 * as long as the process does.
 */
export const readinessModule = (checks: Record<string, () => Promise<boolean>>): ApiModule => ({
  name: 'readiness',
  register(app) {
    app.get(
      '/ready',
      {
        schema: {
          tags: ['infraestructura'],
          summary: 'Preparado: base de datos, Redis (si se configuró) y servicio de BI',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const names = Object.keys(checks);
        const results = await Promise.all(names.map((name) => checks[name]!()));
        const dependencies = Object.fromEntries(
          names.map((name, i) => [name, results[i] ? 'ok' : 'caído'] as const),
        );
        const failing = names.filter((_name, i) => !results[i]);
        if (failing.length === 0) return { status: 'ok' as const, dependencies };
        reply.code(503);
        return {
          status: 'no_disponible' as const,
          dependencies,
          message: `Dependencias no disponibles: ${failing.join(', ')}.`,
        };
      },
    );
  },
});
