import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { listen } from '../src/listen.ts';
import { createServices } from '../src/services.ts';
import { call, powerBiScope, requestToken } from './harness.ts';

const cli = resolve(import.meta.dirname, '../src/cli/bi.ts');
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-cli-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** Runs `npm run bi -- …` as the root script does: the CLI file under the pinned Node. */
function bi(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATA_DIR: dataRoot },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const clientId = '11111111-2222-4333-8444-555555555555';

// Each run starts a Node process (about two seconds here), hence the generous timeout.
describe('npm run bi', { timeout: 60_000 }, () => {
  it('adds a user, an application and a workspace membership that the OAuth flow then honours', async () => {
    expect(
      bi('user', 'add', 'ventas@cliente.example', 'Secreta123', '--name', 'Ventas').status,
    ).toBe(0);
    expect(bi('app', 'add', clientId, 'Portal del cliente').stdout).toContain('pública');
    expect(bi('workspace', 'add', 'Ventas').status).toBe(0);
    expect(
      bi('workspace', 'grant', 'Ventas', '--user', 'ventas@cliente.example', '--role', 'Viewer')
        .stdout,
    ).toContain('Viewer');
    expect(bi('workspace', 'list').stdout).toContain('Ventas');

    const services = createServices(loadConfig({ DATA_DIR: dataRoot }));
    const running = await listen(services, { port: 0, tlsPort: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${running.port}`;
      const { body } = await requestToken(url, {
        grant_type: 'password',
        client_id: clientId,
        username: 'ventas@cliente.example',
        password: 'Secreta123',
        scope: powerBiScope,
      });
      const groups = await call(url, '/v1.0/myorg/groups', { token: String(body['access_token']) });
      expect((groups.json['value'] as { name: string }[]).map((group) => group.name)).toEqual([
        'Ventas',
      ]);
    } finally {
      await running.close();
      await services.close();
    }
  });

  it('registers a confidential application when given a secret', () => {
    const result = bi(
      'app',
      'add',
      '11111111-2222-4333-8444-666666666666',
      'Servicio',
      '--secret',
      's3creto',
    );
    expect(result.stdout).toContain('confidencial');
  });

  it('fails with a Spanish message and the usage on bad input', () => {
    const unknownWorkspace = bi('workspace', 'grant', 'Nada', '--user', 'ventas@cliente.example');
    expect(unknownWorkspace.status).toBe(1);
    expect(unknownWorkspace.stderr).toContain('Área de trabajo desconocida: Nada');
    expect(unknownWorkspace.stderr).toContain('Uso:');
    expect(bi('app', 'add', 'no-es-guid', 'x').stderr).toContain('GUID');
    expect(bi('workspace', 'grant', 'Ventas', '--role', 'Jefe', '--user', 'x').stderr).toContain(
      'Rol desconocido',
    );
    expect(bi('volar').stderr).toContain('Orden desconocida');
  });
});
