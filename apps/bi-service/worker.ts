/** A query worker server for another machine (`npm run start:bi-worker`; docs/deployment.md). */
import { availableParallelism } from 'node:os';
import { createPageExecutor } from './src/modules/queries/workers/page-executor.ts';
import { buildWorkerServer, workerEnvSchema } from './src/modules/queries/workers/worker-server.ts';

const parsed = workerEnvSchema.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues)
    console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const settings = parsed.data;
const executor = createPageExecutor(
  settings.BI_PUBLISHED_DIR,
  settings.BI_WORKER_THREADS ?? availableParallelism(),
);
const app = buildWorkerServer(executor, settings.BI_WORKER_SECRET);
await app.listen({ host: settings.BI_WORKER_HOST, port: settings.BI_WORKER_PORT });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
