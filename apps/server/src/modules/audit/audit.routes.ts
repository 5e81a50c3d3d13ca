import { Readable } from 'node:stream';
import { auditPageSchema, auditQuerySchema } from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { auditExportTypes } from './audit-export.ts';
import type { AuditRetentionService } from './audit-retention.ts';
import type { AuditService } from './audit.service.ts';

/** How often the leader looks for entries past retention (the first look is at start-up). */
const hourMs = 3_600_000;

/**
 * The audit log for administrators: `GET /api/audit` pages it, or with `format=csv|jsonl`
 * streams it as a download. The instance that leads the periodic sync prunes it: it looks at
 * start-up and every hour, and never asks for the lead itself (an instance that runs no sync
 * never takes the lock).
 */
export const auditModule = (options: {
  audit: AuditService;
  retention: AuditRetentionService;
  /** Whether this instance leads the periodic sync now (it is elected there, not here). */
  isLeading: () => boolean;
}): ApiModule => ({
  name: 'audit',
  tag: 'auditoría',
  register(app) {
    app.get(
      '/audit',
      {
        onRequest: noStore,
        ...app.admin(
          'Entradas de auditoría, de la más reciente; con format=csv o jsonl, la descarga',
          {
            querystring: auditQuerySchema,
            // An export is a stream, sent as it is and never serialized.
            response: { 200: auditPageSchema },
          },
        ),
      },
      async (request, reply) => {
        const { format } = request.query;
        if (!format) return options.audit.list(request.query);
        const lines = await options.audit.export(request.query, format, actorOf(request));
        return (
          reply
            .type(auditExportTypes[format])
            .header('content-disposition', `attachment; filename="auditoria.${format}"`)
            // The 200 schema types the JSON page; a stream bypasses it and goes out as it is.
            .send(Readable.from(lines) as never)
        );
      },
    );

    const prune = async () => {
      if (!options.isLeading()) return;
      const pruned = await options.retention.prune();
      if (pruned.length > 0) app.log.info({ pruned }, 'audit entries past retention pruned');
    };
    const report = (error: unknown) => app.log.error({ err: error }, 'audit pruning failed');
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void prune().catch(report);
      timer = setInterval(() => void prune().catch(report), hourMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
});
