import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '@vitrina/test-support/processes';
import { Redis } from 'ioredis';

/** Where Debian's redis-server package puts the binary (.ci/run installs it). */
const redisBinary = process.env['VITRINA_TEST_REDIS_SERVER'] ?? '/usr/bin/redis-server';

/** Whether a private Redis can be started; warns loudly (once per file) when it cannot. */
export const redisAvailable = existsSync(redisBinary);
if (!redisAvailable) {
  console.warn(
    `\n!!! ${redisBinary} is missing: the Redis variants of these tests are SKIPPED !!!\n`,
  );
}

export interface TestRedis {
  url: string;
  /** Stops the server (it can be started again on the same port with `start`). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A throw-away redis-server on its own loopback port: no persistence, nothing shared. */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function waitForPong() {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 100 });
    probe.on('error', () => undefined);
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      throw new Error(`redis-server did not answer on ${url}`);
    } finally {
      probe.disconnect();
    }
  }

  const server: TestRedis = {
    url,
    async start() {
      child = spawn(
        redisBinary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitForPong();
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
  await server.start();
  return server;
}
