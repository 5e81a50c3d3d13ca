import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { demoCredentialsFileName } from './credentials.ts';

/** Prints what `installationDemoCredentials` returns in a Node process of its own. */
function credentialsFromAnotherProcess(root: string): Promise<{ out: string; err: string }> {
  const module = join(import.meta.dirname, 'credentials.ts');
  const script = `import(${JSON.stringify(module)}).then((m) => console.log(JSON.stringify(m.installationDemoCredentials(${JSON.stringify(root)}, () => console.error('created')))))`;
  const child = spawn(process.execPath, ['-e', script]);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((done) => child.once('exit', () => done({ out, err })));
}

// Separate processes (the portal and the BI service start together), hence the e2e tier.
test('processes starting together all end up with the same file’s values', async ({
  onTestFinished,
}) => {
  const parent = mkdtempSync(join(tmpdir(), 'vitrina-demo-credentials-'));
  onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
  const root = join(parent, 'data');
  const runs = await Promise.all(
    Array.from({ length: 4 }, () => credentialsFromAnotherProcess(root)),
  );
  expect(new Set(runs.map((run) => run.out)).size).toBe(1);
  expect(runs.filter((run) => run.err.includes('created'))).toHaveLength(1);
  expect(readdirSync(root)).toEqual([demoCredentialsFileName]);
});
