import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { ReportAccessExplanation } from './ReportAccessExplanation.tsx';

const user = (id: number, username: string) => ({
  id,
  username,
  firstname: 'Ana',
  lastname: username,
  mail: `${username}@vitrina.demo`,
  rol: 1,
});

describe('¿Por qué puede ver esto?', () => {
  it('lists each viewer with the levels that grant the report and their RLS identity', async () => {
    const server = serveApi(() => ({
      status: 200,
      body: [
        {
          user: user(2, 'aperu'),
          grants: ['report', 'account'],
          identities: [
            { username: 'gerente.peru@retailandino.demo', roles: ['Pais'], datasetId: null },
          ],
        },
        { user: user(3, 'asin'), grants: ['workspace'], identities: [] },
      ],
    }));
    signIn();
    renderApp(<ReportAccessExplanation reportId="r-1" open onClose={() => undefined} />);
    expect(await screen.findByText('gerente.peru@retailandino.demo [Pais]')).toBeTruthy();
    expect(screen.getByText('Sin identidad')).toBeTruthy();
    expect(screen.getAllByText('Cuenta')).toHaveLength(1);
    expect(screen.getByText('Área de trabajo')).toBeTruthy();
    expect(server.requests[0]?.path).toBe('/api/administration/report/r-1/access');
  });

  it('names the provider group a grant came through', async () => {
    serveApi(() => ({
      status: 200,
      body: [{ user: user(4, 'vera'), grants: ['report'], groups: ['ventas'], identities: [] }],
    }));
    signIn();
    renderApp(<ReportAccessExplanation reportId="r-1" open onClose={() => undefined} />);
    expect(await screen.findByText('Grupo ventas')).toBeTruthy();
    expect(screen.getByText('Reporte')).toBeTruthy();
  });
});
