import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { expect, test } from 'vitest';
import { readableLogs } from './readable-logs.ts';

async function printed(lines: string[]): Promise<string[]> {
  const terminal = new PassThrough();
  let output = '';
  terminal.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logs = readableLogs('server', terminal, false);
  for (const line of lines) logs.write(`${line}\n`);
  logs.end();
  await finished(logs);
  return output.trimEnd().split('\n');
}

const log = (fields: object) =>
  JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1), pid: 7, hostname: 'h', ...fields });

test('each JSON log line becomes one readable line tagged with the process', async () => {
  const lines = await printed([
    log({ msg: 'Server listening at http://127.0.0.1:8080' }),
    log({
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/me', host: 'x' },
      msg: 'incoming request',
    }),
    log({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 2.94, msg: 'request completed' }),
    log({ level: 40, accounts: 2, msg: 'sync failed' }),
  ]);
  const time = String.raw`\[\d\d:\d\d:\d\d\]`;
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatch(
    new RegExp(`^${time} INFO: server: Server listening at http://127.0.0.1:8080$`),
  );
  expect(lines[1]).toMatch(new RegExp(`^${time} INFO: server: incoming request GET /api/me$`));
  expect(lines[2]).toMatch(new RegExp(`^${time} INFO: server: request completed 200 in 3 ms$`));
  expect(lines[3]).toMatch(new RegExp(`^${time} WARN: server: sync failed \\{"accounts":2\\}$`));
});

test('lines that are not JSON, like the password banner, pass through as they are', async () => {
  const banner = ['====', '  Usuario:     admin', '  Contraseña:  3gQvdi9FNY', '===='];
  expect(await printed(banner)).toEqual(banner);
});
