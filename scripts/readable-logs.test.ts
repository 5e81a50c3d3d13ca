import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { expect, test } from 'vitest';
import { readableLogs } from './readable-logs.ts';

test('JSON log lines become readable lines tagged with the process; other lines pass as they are', async () => {
  const terminal = new PassThrough();
  let printed = '';
  terminal.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const logs = readableLogs('server', terminal, false);

  const logLine = {
    level: 30,
    time: Date.UTC(2026, 0, 1),
    pid: 7,
    hostname: 'h',
    msg: 'listening',
  };
  logs.write(`${JSON.stringify(logLine)}\n`);
  logs.write('Administrador inicial: admin / Contraseña-Generada-1\n');
  logs.end();
  await finished(logs);

  const lines = printed.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: server: listening$/);
  expect(lines[1]).toBe('Administrador inicial: admin / Contraseña-Generada-1');
});
