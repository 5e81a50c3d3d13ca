/**
 * A query worker forked by the BI service (`BI_QUERY_WORKERS`, decision 0308): pages come and
 * answers go over the IPC channel. `BI_PUBLISHED_DIR` is where the copies are,
 * `BI_WORKER_THREADS` its share of the cores.
 */
import { createPageExecutor } from './page-executor.ts';
import type { ToWorker } from './worker-messages.ts';

const executor = createPageExecutor(
  process.env['BI_PUBLISHED_DIR']!,
  Number(process.env['BI_WORKER_THREADS'] ?? 1),
);

process.on('message', (message: ToWorker) => {
  if (message.type === 'forget') void executor.forget(message.copy);
  else void executor.run(message).then((answer) => process.send!(answer));
});
// The service going away (even killed) closes the channel: the worker has no one to answer.
process.on('disconnect', () => process.exit(0));
