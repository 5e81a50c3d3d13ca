import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/test-support/processes';

const nginxBinary = process.env['VITRINA_TEST_NGINX'] ?? '/usr/sbin/nginx';
const siteConfig = resolve(import.meta.dirname, '../../../../deploy/nginx/vitrina.conf');

/** Whether nginx can be started; warns loudly (once per file) when it cannot. */
export const nginxAvailable = existsSync(nginxBinary);
if (!nginxAvailable)
  console.warn(`\n!!! ${nginxBinary} is missing: the reverse-proxy tests are SKIPPED !!!\n`);

export interface TestNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Runs deploy/nginx/vitrina.conf as shipped, with only its addresses rewritten: its listen port
 * to a free loopback one, its three portal upstreams and the BI service to the test's.
 */
export async function startTestNginx(portalPorts: number[], biPort: number): Promise<TestNginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-nginx-'));
  const defaults = ['8080', '8082', '8083'];
  let site = readFileSync(siteConfig, 'utf8').replaceAll('listen 80;', `listen 127.0.0.1:${port};`);
  defaults.forEach((defaultPort, i) => {
    site = site.replace(`127.0.0.1:${defaultPort} `, `127.0.0.1:${portalPorts[i]} `);
  });
  site = site.replace('127.0.0.1:8081;', `127.0.0.1:${biPort};`);
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // Started as root, nginx runs its workers as another user, who could not write request
      // bodies (uploads) to this private directory: the workers stay the test's own user.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    nginxBinary,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${url}/api/health`, child, 30_000);
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null)
        await new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGQUIT');
        });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
